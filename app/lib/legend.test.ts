import { describe, expect, it } from "vitest";
import type { GradientLegend } from "~/features/pyaez/schema";
import { colorAt, gradientCss, gradientStops, legendSummary, legendTicks } from "./legend";

describe("gradientStops", () => {
  it("spreads stops without positions evenly from 0 to 1", () => {
    expect(gradientStops("linear-gradient(to right, #313695, #74ADD1, #fee090, #f46d43, #a50026)")).toEqual([
      { color: "#313695", offset: 0 },
      { color: "#74add1", offset: 0.25 },
      { color: "#fee090", offset: 0.5 },
      { color: "#f46d43", offset: 0.75 },
      { color: "#a50026", offset: 1 },
    ]);
  });

  it("keeps given positions and fills the gaps between them", () => {
    expect(gradientStops("linear-gradient(to right, #000000 10%, #111111, #222222, #333333 70%, #444444)")).toEqual([
      { color: "#000000", offset: 0.1 },
      { color: "#111111", offset: 0.3 },
      { color: "#222222", offset: 0.5 },
      { color: "#333333", offset: 0.7 },
      { color: "#444444", offset: 1 },
    ]);
  });

  it("raises a position smaller than an earlier one, as CSS does", () => {
    expect(gradientStops("linear-gradient(to right, #000000 60%, #ffffff 20%)").map((s) => s.offset)).toEqual([0.6, 0.6]);
  });

  it("copes with one stop or none", () => {
    expect(gradientStops("linear-gradient(to right, #abcdef)")).toEqual([{ color: "#abcdef", offset: 0 }]);
    expect(gradientStops("red")).toEqual([]);
  });
});

describe("gradientCss", () => {
  it("writes every stop with its position", () => {
    const stops = gradientStops("linear-gradient(to right, #ffffd4, #fe9929, #993404)");
    expect(gradientCss(stops)).toBe("linear-gradient(to right, #ffffd4 0%, #fe9929 50%, #993404 100%)");
  });
  it("falls back to a plain colour or nothing", () => {
    expect(gradientCss([{ color: "#123456", offset: 0 }])).toBe("#123456");
    expect(gradientCss([])).toBe("transparent");
  });
});

describe("colorAt", () => {
  const stops = gradientStops("linear-gradient(to right, #000000, #ffffff 50%, #ff0000)");
  it("interpolates between the neighbouring stops", () => {
    expect(colorAt(stops, 0)).toBe("#000000");
    expect(colorAt(stops, 0.25)).toBe("#808080");
    expect(colorAt(stops, 0.5)).toBe("#ffffff");
    expect(colorAt(stops, 0.75)).toBe("#ff8080");
    expect(colorAt(stops, 1)).toBe("#ff0000");
  });
  it("clamps positions outside 0 to 1", () => {
    expect(colorAt(stops, -3)).toBe("#000000");
    expect(colorAt(stops, 7)).toBe("#ff0000");
  });
  it("needs a stop", () => {
    expect(() => colorAt([], 0.5)).toThrow();
  });
});

describe("legendTicks", () => {
  it("places numeric labels at their values (the spec's ranges)", () => {
    expect(legendTicks({ labels: ["0", "2000", "4000", "6000", "8000"], min: 0, max: 8000 }).map((t) => t.position)).toEqual([0, 25, 50, 75, 100]);
    expect(legendTicks({ labels: ["0", "2500", "5000", "7500", "10000"], min: 0, max: 10000 }).map((t) => t.position)).toEqual([0, 25, 50, 75, 100]);
    const days = legendTicks({ labels: ["0", "50", "100", "150", "200", "250", "300", "350"], min: 0, max: 350 });
    expect(days[1]).toEqual({ label: "50", position: 14.2857 });
    expect(days.at(-1)).toEqual({ label: "350", position: 100 });
    expect(legendTicks({ labels: ["0", "91", "183", "274", "365"], min: 0, max: 365 })[2].position).toBe(50.137);
  });

  it("spreads other labels evenly", () => {
    expect(legendTicks({ labels: ["Low", "Medium", "High"], min: 0, max: 1 }).map((t) => t.position)).toEqual([0, 50, 100]);
    expect(legendTicks({ labels: ["0", "99999"], min: 0, max: 10 }).map((t) => t.position)).toEqual([0, 100]);
  });
});

describe("legendSummary", () => {
  it("names the range and unit of a gradient", () => {
    const legend: GradientLegend = { type: "gradient", title: "Modified Fournier index", style: "", labels: ["0", "8000"], min: 0, max: 8000, unit: "mm" };
    expect(legendSummary(legend)).toBe("Modified Fournier index: colour scale from 0 to 8000 mm");
    expect(legendSummary({ ...legend, title: undefined, unit: "" })).toBe("colour scale from 0 to 8000");
  });
  it("counts the classes of a class legend", () => {
    expect(legendSummary({ type: "square-horizontal", title: "Permafrost", scales: [{ label: "a", color: "#000000" }, { label: "b", color: "#ffffff" }] })).toBe(
      "Permafrost: 2 classes",
    );
    expect(legendSummary({ type: "square-horizontal", scales: [{ label: "a", color: "#000000" }] })).toBe("1 class");
  });
});
