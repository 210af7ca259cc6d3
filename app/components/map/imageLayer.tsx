import type { ComponentType } from "react";
import type { ImageOverlay } from "./types";
import { drawingPixel, type LonLat } from "./viewport";

/**
 * Pictures laid over the map at their bounds (a painted gridded field): on the map library as image
 * sources under the borders, and in the server's drawing as `<image>` elements at the same pixels
 * (`imagePlacement`), which the browser updates as the page's state changes (`drawing.ts`).
 */

/** The id of the first layer drawn over the pictures. */
export const IMAGES_BEFORE = "countries-lines";

/** Corners in the order the map library's image source takes them: top left, top right, bottom right, bottom left. */
export const imageCorners = ({ west, south, east, north }: ImageOverlay["bounds"]): [number, number][] => [
  [west, north],
  [east, north],
  [east, south],
  [west, south],
];

/** A URL the map library can load from its worker (absolute). */
const absolute = (url: string) => (typeof window === "undefined" ? url : new URL(url, window.location.href).href);

/* eslint-disable @typescript-eslint/no-explicit-any */
export function ImageLayers({ images, Source, Layer }: { images: readonly ImageOverlay[]; Source: ComponentType<any>; Layer: ComponentType<any> }) {
  return (
    <>
      {images.map((image) => (
        <Source key={image.key} id={`image-${image.key}`} type="image" url={absolute(image.url)} coordinates={imageCorners(image.bounds)}>
          <Layer id={`image-layer-${image.key}`} type="raster" paint={{ "raster-opacity": image.opacity, "raster-resampling": "nearest", "raster-fade-duration": 0 }} beforeId={IMAGES_BEFORE} />
        </Source>
      ))}
    </>
  );
}

/** Where a picture goes in the server's drawing of a view (px from its top left corner), rounded as written. */
export function imagePlacement(image: ImageOverlay, center: LonLat, zoom: number) {
  const [x0, y0] = drawingPixel([image.bounds.west, image.bounds.north], center, zoom);
  const [x1, y1] = drawingPixel([image.bounds.east, image.bounds.south], center, zoom);
  const r = (v: number) => Math.round(v * 10) / 10;
  return { href: image.url, x: r(x0), y: r(y0), width: r(x1 - x0), height: r(y1 - y0), opacity: image.opacity };
}
