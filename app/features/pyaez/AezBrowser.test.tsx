import { readFileSync } from "node:fs";
import { renderToString } from "react-dom/server";
import { Provider } from "react-redux";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { makeStore } from "~/store/store";
import { AezBrowser } from "./AezBrowser";
import { aezModuleListSchema, type AezModule } from "./schema";
import { ALL_MODULES, buildAezView, openModules } from "./view";

const seeds = aezModuleListSchema.parse(JSON.parse(readFileSync("seeds/pyaez-modules.json", "utf8")));

/** Server-renders the browser the way the route does: with the page's view primed in the store (every module open by default). */
function render(modules: AezModule[] = seeds, inlineImages?: Record<string, string>, open = ALL_MODULES): string {
  const store = makeStore([{ endpointName: "getAezView", arg: open, value: buildAezView(modules, openModules(modules, open || null)!) }]);
  return renderToString(
    <Provider store={store}>
      <StaticRouter location="/pyaez">
        <AezBrowser inlineImages={inlineImages} open={open} />
      </StaticRouter>
    </Provider>,
  ).replace(/<!-- -->/g, "");
}

const ids = (html: string) => [...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]);
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);

describe("AezBrowser (server HTML)", () => {
  const html = render();

  it("has a section per module and a card per map, anchored by id, the second 3.2 as module-3.2-2", () => {
    const pageIds = ids(html);
    for (const module of seeds) {
      expect(html).toContain(`<section id="module-${module.id}" class="aez-module" aria-labelledby="module-${module.id}-title" tabindex="-1">`);
      expect(html).toContain(`<span class="aez-id">Module ${module.id}</span> ${module.name}</h2>`);
    }
    const cards = [...html.matchAll(/<article id="([^"]+)"/g)].map((m) => m[1]);
    expect(cards).toEqual(seeds.flatMap((m) => m.child.map((c, i) => (m.id === "3" && i === 5 ? "module-3.2-2" : `module-${c.id}`))));
    for (const child of seeds.flatMap((m) => m.child)) expect(html).toContain(`</span> ${child.name}</h3>`);
    expect(new Set(pageIds).size).toBe(pageIds.length);
  });

  it("navigates with plain links to every anchor, no tree roles before scripts run", () => {
    const links = hrefs(html).filter((href) => href.startsWith("/pyaez#"));
    expect(links).toEqual([...html.matchAll(/<(?:section|article) id="([^"]+)"/g)].map((m) => `/pyaez#${m[1]}`));
    expect(html).toContain('<nav class="aez-nav" aria-labelledby="aez-nav-title">');
    const nav = html.slice(html.indexOf("<nav"), html.indexOf("</nav>"));
    expect(nav).not.toMatch(/role=|tabindex=/);
  });

  it("sizes every map image and loads all but the first lazily", () => {
    const images = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    const maps = images.filter((img) => img.includes('src="/aez/module-'));
    expect(maps).toHaveLength(seeds.reduce((n, m) => n + m.child.length, 0));
    for (const img of images) expect(img).toMatch(/width="320" height="(280|240)"/);
    expect(maps[0]).toContain('loading="eager"');
    expect(maps.slice(1).every((img) => img.includes('loading="lazy"'))).toBe(true);
    expect(html).toContain('src="/aez/module-3.2-irrigated.svg"');
    expect(html).toContain("Illustrative values over 60-100° E, 5-40° N, not model output.");
  });

  it("keeps each image's place in a frame of its aspect ratio", () => {
    const frames = [...html.matchAll(/<div class="aez-figure__frame" style="aspect-ratio:([^"]+)"><img /g)].map((m) => m[1]);
    expect(frames).toHaveLength([...html.matchAll(/<img /g)].length);
    expect(new Set(frames)).toEqual(new Set(["320 / 280", "320 / 240"]));
  });

  it("shows the first map from the data URL the document carries, and links every other image", () => {
    const url = "data:image/svg+xml,%3Csvg%2F%3E";
    const inline = render(seeds, { "/aez/module-1.1.svg": url, "/aez/module-9.9.svg": "data:image/svg+xml,x" });
    const maps = [...inline.matchAll(/<img [^>]*>/g)].map((m) => m[0]).filter((img) => img.includes('alt="Sample map'));
    expect(maps[0]).toContain(`src="${url}"`);
    expect(maps[0]).toContain('loading="eager"');
    expect(maps.slice(1).every((img) => /src="\/aez\/module-[^"]+\.svg"/.test(img))).toBe(true);
    expect(inline.match(/src="data:/g)).toHaveLength(1);
  });

  it("shows the legends of both kinds, and the info chart behind a disclosure", () => {
    expect(html).toContain('aria-label="Modified Fournier index: colour scale from 0 to 8000 mm"');
    expect(html).toContain('aria-label="Temperature sum: colour scale from 0 to 10000 °C days"');
    expect(html).toContain('aria-label="Optimum crop cycle start: colour scale from 0 to 350 Julian day"');
    expect(html).toContain('aria-label="Thermal climate: 12 classes"');
    expect(html).toContain('<summary>Area by class (sample chart)</summary>');
  });

  it("shows module 6 with its description and a note that it has no maps", () => {
    const six = html.slice(html.indexOf('<section id="module-6"'));
    expect(six).toContain("Economic Suitability Analysis");
    expect(six).toContain("net revenue per hectare");
    expect(six).toContain("No maps of this module are published yet.");
  });

  it("shows a missing image as not available, keeping the legend", () => {
    const [first] = seeds;
    const broken = [{ ...first, child: [{ ...first.child[0], image: "" }] }];
    const html = render(broken);
    expect(html).not.toMatch(/<img [^>]*src="(\/aez\/module-1\.1\.svg)?"/);
    expect(html).toContain('role="img" aria-label="Sample map of Thermal Climate over South Asia: map not available"');
    expect(html).toContain("Map not available");
    expect(html).toContain('aria-label="Thermal climate: 12 classes"');
  });
});

describe("AezBrowser (server HTML of the first load's view)", () => {
  const html = render(seeds, undefined, "");
  const cards = (from: string) => [...from.matchAll(/<article id="([^"]+)" class="([^"]+)"/g)].map((m) => ({ id: m[1], stub: m[2].includes("aez-card--stub") }));

  it("shows the first module's maps in full and every other map by name at its anchor, linking to its module open", () => {
    const all = cards(html);
    expect(all.map((c) => c.id)).toEqual(cards(render()).map((c) => c.id));
    for (const card of all) expect(card.stub, card.id).toBe(!card.id.startsWith("module-1."));
    for (const child of seeds.flatMap((m) => m.child)) expect(html).toContain(`</span> ${child.name}</h3>`);
    expect(html).toContain('href="/pyaez?module=3#module-3.2-2"');
    expect(html).toContain('href="/pyaez?module=5#module-5.1"');
    expect(html).toContain('aria-label="Thermal climate: 12 classes"');
    expect(html).not.toContain('aria-label="Modified Fournier index: colour scale from 0 to 8000 mm"');
    expect(html).toContain("net revenue per hectare");
  });

  it("opens the module the URL names beside the first", () => {
    const five = render(seeds, undefined, "5");
    expect(cards(five).filter((c) => !c.stub).map((c) => c.id)).toEqual(seeds.filter((m) => m.id === "1" || m.id === "5").flatMap((m) => m.child.map((c) => `module-${c.id}`)));
    expect(five).toContain('aria-label="Modified Fournier index: colour scale from 0 to 8000 mm"');
  });

  it("is much lighter than every map in full", () => {
    expect(html.length).toBeLessThan(render().length * 0.6);
  });
});
