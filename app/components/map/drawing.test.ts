// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { drawMapSvg } from "~/features/maps/mapSvg.server";
import { COUNTRY_LABELS } from "~/features/maps/labels";
import { drawingLacks, restyleDrawing, type DrawingState } from "./drawing";

const first: DrawingState = {
  fill: { geotype: "Country", colors: { IND: "#f46d43", NPL: "#abd9e9" } },
  labels: COUNTRY_LABELS,
  title: "Map of temperature",
  desc: "Two of eight have a value.",
};
const view = { center: [78, 23] as [number, number], zoom: 3.4 };

/** The server's drawing of a state (`first` unless given) in a document, as the browser has it. */
function drawn(state: DrawingState = first): SVGSVGElement {
  document.body.innerHTML = `<div>${drawMapSvg({ ...view, idPrefix: "m1", ...state })}</div>`;
  return document.querySelector("svg")!;
}
const region = (svg: SVGSVGElement, group: string, code: string, geotype = "Country") =>
  svg.querySelector(`.${group}[data-geotype="${geotype}"] [data-code="${code}"]`)!;
/** The outlines an overlay group (hatch, selected) copies. */
const overlay = (svg: SVGSVGElement, group: string) => [...svg.querySelectorAll(`.${group} use`)].map((u) => u.getAttribute("href"));
const outlineOf = (svg: SVGSVGElement, code: string, geotype = "Country") => region(svg, "sacap-mapsvg__regions", code, geotype).getAttribute("href");

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
    expect(overlay(svg, "sacap-mapsvg__hatch")).toEqual([outlineOf(svg, "PAK")]);
    expect(overlay(svg, "sacap-mapsvg__selected")).toEqual([outlineOf(svg, "IND")]);
    // and as the server draws that state
    const server = drawn({ ...first, fill: { geotype: "Country", colors: { IND: "#313695", PAK: "#a50026" }, hatched: ["PAK"] }, selected: "IND" });
    expect(overlay(server, "sacap-mapsvg__hatch")).toEqual([outlineOf(server, "PAK")]);
    expect(overlay(server, "sacap-mapsvg__selected")).toEqual([outlineOf(server, "IND")]);
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

  it("recolours the states and provinces of a drawing of them; another kind of region is one it lacks", () => {
    const states: DrawingState = { ...first, fill: { geotype: "State", colors: { "IN-UP": "#d73027" } } };
    const svg = drawn(states);
    const before = svg.outerHTML;
    restyleDrawing(svg, states, view);
    expect(svg.outerHTML).toBe(before);
    restyleDrawing(svg, { ...states, fill: { geotype: "State", colors: { "IN-UP": "#4575b4", "PK-SD": "#fee090" }, hatched: ["PK-SD"] }, selected: "IN-UP" }, view);
    expect(region(svg, "sacap-mapsvg__regions", "IN-UP", "State").getAttribute("fill")).toBe("#4575b4");
    expect(region(svg, "sacap-mapsvg__regions", "PK-SD", "State").getAttribute("fill")).toBe("#fee090");
    expect(overlay(svg, "sacap-mapsvg__hatch")).toEqual([outlineOf(svg, "PK-SD", "State")]);
    expect(overlay(svg, "sacap-mapsvg__selected")).toEqual([outlineOf(svg, "IN-UP", "State")]);
    expect(drawingLacks(svg, states)).toBe(false);
    // the countries and basins are not in it: a switch to them is the map library's
    expect(drawingLacks(svg, first)).toBe(true);
    expect(drawingLacks(svg, { ...first, fill: { geotype: "Basin", colors: {} } })).toBe(true);
    // nor are the states in a drawing of the countries
    expect(drawingLacks(drawn(), states)).toBe(true);
    expect(drawingLacks(drawn(), { ...first, fill: { geotype: "Basin", colors: {} } })).toBe(false);
  });
});
