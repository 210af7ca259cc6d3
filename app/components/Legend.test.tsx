import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Legend as LegendData } from "~/features/pyaez/schema";
import { Legend } from "./Legend";

const render = (legend: LegendData) => renderToString(<Legend legend={legend} />).replace(/<!-- -->/g, "");

describe("Legend", () => {
  it("draws a class legend as a list of swatches with their labels", () => {
    const html = render({
      type: "square-horizontal",
      title: "Permafrost",
      scales: [
        { label: "Continuous (frost index above 0.625)", color: "#08306b" },
        { label: "No permafrost (below 0.495)", color: "#e5d8bd" },
      ],
    });
    expect(html).toContain('class="sacap-legend sacap-legend--square-horizontal"');
    expect(html).toMatch(/<p class="sacap-legend__title" id="([^"]+)">Permafrost<\/p>/);
    const titleId = /id="([^"]+)">Permafrost/.exec(html)![1];
    expect(html).toContain(`role="group" aria-labelledby="${titleId}"`);
    expect(html).toContain('<ul class="sacap-legend__classes" aria-label="Permafrost: 2 classes">');
    expect(html.match(/<li class="sacap-legend__class">/g)).toHaveLength(2);
    expect(html).toContain('style="background-color:#08306b" aria-hidden="true"');
    expect(html).toContain('<span class="sacap-legend__label">No permafrost (below 0.495)</span>');
    expect(html).not.toContain("tabindex");
  });

  it("lets a long class list scroll, reachable from the keyboard", () => {
    const scales = Array.from({ length: 17 }, (_, i) => ({ label: `Soil ${i}`, color: `#0000${i.toString(16).padStart(2, "0")}` }));
    const html = render({ type: "square-horizontal", scales });
    expect(html).toContain('class="sacap-legend__classes sacap-legend__classes--long" aria-label="17 classes" tabindex="0"');
    expect(html).toContain('role="group" aria-label="Legend"');
  });

  it("draws a gradient legend as a ramp with its range, unit and tick labels", () => {
    const html = render({
      type: "gradient",
      title: "Modified Fournier index",
      style: "linear-gradient(to right, #ffffd4, #fed98e, #fe9929, #d95f0e, #993404)",
      labels: ["0", "2000", "4000", "6000", "8000"],
      min: 0,
      max: 8000,
      unit: "mm",
    });
    expect(html).toContain('class="sacap-legend sacap-legend--gradient"');
    expect(html).toContain('Modified Fournier index<span class="sacap-legend__unit"> (mm)</span>');
    expect(html).toContain('role="img" aria-label="Modified Fournier index: colour scale from 0 to 8000 mm"');
    expect(html).toContain("background:linear-gradient(to right, #ffffd4 0%, #fed98e 25%, #fe9929 50%, #d95f0e 75%, #993404 100%)");
    const ticks = [...html.matchAll(/<li class="sacap-legend__tick sacap-legend__tick--(\w+)" style="left:([\d.]+)%">([^<]+)<\/li>/g)].map((m) => [m[1], m[2], m[3]]);
    expect(ticks).toEqual([
      ["start", "0", "0"],
      ["middle", "25", "2000"],
      ["middle", "50", "4000"],
      ["middle", "75", "6000"],
      ["end", "100", "8000"],
    ]);
  });

  it("gives two legends on one page distinct title ids", () => {
    const legend: LegendData = { type: "square-horizontal", title: "Yield class", scales: [{ label: "Suitable", color: "#a6d96a" }] };
    const html = renderToString(
      <>
        <Legend legend={legend} />
        <Legend legend={legend} />
      </>,
    );
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });
});
