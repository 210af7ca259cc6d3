// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { drawMapSvg } from "~/features/maps/mapSvg.server";
import { COUNTRY_LABELS } from "~/features/maps/labels";
import { restyleDrawing, type DrawingState } from "./drawing";

const first: DrawingState = {
  fill: { geotype: "Country", colors: { IND: "#f46d43", NPL: "#abd9e9" } },
  labels: COUNTRY_LABELS,
  title: "Map of temperature",
  desc: "Two of eight have a value.",
};
const view = { center: [78, 23] as [number, number], zoom: 3.4 };

/** The server's drawing of `first` in a document, as the browser has it. */
function drawn(): SVGSVGElement {
  document.body.innerHTML = `<div>${drawMapSvg({ ...view, idPrefix: "m1", ...first })}</div>`;
  return document.querySelector("svg")!;
}
const region = (svg: SVGSVGElement, group: string, code: string, geotype = "Country") =>
  svg.querySelector(`.${group} [data-geotype="${geotype}"] [data-code="${code}"], .${group}[data-geotype="${geotype}"] [data-code="${code}"]`)!;

describe("restyleDrawing", () => {
  it("leaves the server's drawing of the same state as it is", () => {
    const svg = drawn();
    const before = svg.outerHTML;
    restyleDrawing(svg, first, view);
    expect(svg.outerHTML).toBe(before);
  });

  it("recolours, hatches and outlines the regions of a new state", () => {
    const svg = drawn();
    restyleDrawing(svg, { ...first, fill: { geotype: "Country", colors: { IND: "#313695", PAK: "#a50026" }, hatched: ["PAK"] }, selected: "IND", title: "Map of change", desc: "Hatched: 1." }, view);
    expect(region(svg, "sacap-mapsvg__regions", "IND").getAttribute("fill")).toBe("#313695");
    expect(region(svg, "sacap-mapsvg__regions", "PAK").getAttribute("fill")).toBe("#a50026");
    expect(region(svg, "sacap-mapsvg__regions", "NPL").getAttribute("fill")).toBe("none");
    expect(region(svg, "sacap-mapsvg__hatch", "PAK").hasAttribute("display")).toBe(false);
    expect(region(svg, "sacap-mapsvg__hatch", "IND").getAttribute("display")).toBe("none");
    expect(region(svg, "sacap-mapsvg__selected", "IND").hasAttribute("display")).toBe(false);
    expect(region(svg, "sacap-mapsvg__selected", "NPL").getAttribute("display")).toBe("none");
    expect(svg.querySelector("title")!.textContent).toBe("Map of change");
    expect(svg.querySelector("desc")!.textContent).toBe("Hatched: 1.");
  });

  it("switches to basins: country fills and names go, basins show in their colours", () => {
    const svg = drawn();
    restyleDrawing(svg, { ...first, fill: { geotype: "Basin", colors: { indus: "#fee090" } }, labels: undefined }, view);
    expect(svg.querySelector('.sacap-mapsvg__regions[data-geotype="Country"]')!.getAttribute("display")).toBe("none");
    expect(svg.querySelector(".sacap-mapsvg__basins")!.hasAttribute("display")).toBe(false);
    expect(region(svg, "sacap-mapsvg__regions", "indus", "Basin").getAttribute("fill")).toBe("#fee090");
    expect(svg.querySelectorAll(".sacap-mapsvg__labels text")).toHaveLength(0);
    // and back: the names return where the server put them
    restyleDrawing(svg, first, view);
    expect(svg.querySelector(".sacap-mapsvg__basins")!.getAttribute("display")).toBe("none");
    expect([...svg.querySelectorAll(".sacap-mapsvg__labels text")].map((t) => t.textContent)).toEqual(COUNTRY_LABELS.map((l) => l.name));
  });
});
