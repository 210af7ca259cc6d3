// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { gridBounds, SOUTH_ASIA_AXES } from "~/features/grids/grid";
import { drawMapSvg } from "~/features/maps/mapSvg.server";
import { restyleDrawing, type DrawingState } from "./drawing";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ImageLayers, imageCorners, imagePlacement, IMAGES_BEFORE } from "./imageLayer";
import type { ImageOverlay } from "./types";
import { drawingPixel } from "./viewport";

const view = { center: [78, 23] as [number, number], zoom: 3.4 };
const field: ImageOverlay = { key: "grid", url: "/api/cmip6/grid/image.png?indicator=tas&scenario=ssp245&season=annual&window=2040-2059", bounds: gridBounds(SOUTH_ASIA_AXES), opacity: 0.9 };
const state = (images: ImageOverlay[]): DrawingState => ({ images, title: "Map of a field", desc: "A gridded field." });

describe("pictures over the map", () => {
  it("are placed in the drawing between the pixels of their north-west and south-east corners", () => {
    const p = imagePlacement(field, view.center, view.zoom);
    const [x0, y0] = drawingPixel([60, 40], view.center, view.zoom);
    const [x1, y1] = drawingPixel([100, 5], view.center, view.zoom);
    expect(p.x).toBeCloseTo(x0, 1);
    expect(p.y).toBeCloseTo(y0, 1);
    expect(p.x + p.width).toBeCloseTo(x1, 0);
    expect(p.y + p.height).toBeCloseTo(y1, 0);
    // Web Mercator: the 35 degrees of latitude are taller than wide near 40 N relative to the equator's scale
    expect(p.height / p.width).toBeGreaterThan(35 / 40);
    expect(imageCorners(field.bounds)).toEqual([
      [60, 40],
      [100, 40],
      [100, 5],
      [60, 5],
    ]);
  });

  it("are drawn by the server as <image> under the borders, and follow the page's state in the browser", () => {
    const svg = drawMapSvg({ ...view, idPrefix: "m1", ...state([field]) });
    const tag = svg.match(/<g class="sacap-mapsvg__images"[^>]*>(<image [^>]*\/>)<\/g>/)?.[1] ?? "";
    expect(tag).toContain(`href="${field.url.replace(/&/g, "&amp;")}"`);
    expect(tag).toContain('preserveAspectRatio="none"');
    expect(svg.indexOf("sacap-mapsvg__images")).toBeLessThan(svg.indexOf("sacap-mapsvg__borders"));

    document.body.innerHTML = `<div>${svg}</div>`;
    const element = document.querySelector("svg")!;
    const before = element.outerHTML;
    restyleDrawing(element, state([field]), view);
    expect(element.outerHTML).toBe(before);
    const other = { ...field, url: "/api/cmip6/grid/image.png?indicator=pr&scenario=ssp585&season=JJA&window=2080-2099" };
    restyleDrawing(element, state([other]), view);
    const images = element.querySelectorAll(".sacap-mapsvg__images image");
    expect(images).toHaveLength(1);
    expect(images[0].getAttribute("href")).toBe(other.url);
    restyleDrawing(element, state([]), view);
    expect(element.querySelectorAll(".sacap-mapsvg__images image")).toHaveLength(0);
  });
});

describe("the map library's image layers", () => {
  it("are image sources at the corners of their bounds, with an absolute URL, drawn under the borders", () => {
    const props: Record<string, unknown>[] = [];
    const record = (kind: string) => (p: Record<string, unknown> & { children?: ReactNode }) => {
      const { children, ...rest } = p;
      props.push({ kind, ...rest });
      return createElement("div", null, children);
    };
    renderToStaticMarkup(createElement(ImageLayers, { images: [field], Source: record("source"), Layer: record("layer") }));
    const [source, layer] = props;
    expect(source).toMatchObject({ kind: "source", id: "image-grid", type: "image", coordinates: imageCorners(field.bounds) });
    expect(source.url).toBe(new URL(field.url, window.location.href).href);
    expect(layer).toMatchObject({ kind: "layer", type: "raster", beforeId: IMAGES_BEFORE });
    expect((layer.paint as Record<string, unknown>)["raster-opacity"]).toBe(0.9);
  });
});
