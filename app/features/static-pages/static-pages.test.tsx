import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";

import { AboutCare } from "./AboutCare";
import { AboutSacap } from "./AboutSacap";
import { Disclaimer } from "./Disclaimer";
import { UserGuide } from "./UserGuide";
import { Wiki } from "./Wiki";

/** Server-renders a page the way a route does and removes React's text separators so assertions read like the HTML. */
function render(page: ReactElement): string {
  return renderToString(<StaticRouter location="/">{page}</StaticRouter>).replace(/<!-- -->/g, "");
}

function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
}

function ids(html: string): string[] {
  return [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]);
}

const PAGES: Array<[string, () => ReactElement]> = [
  ["AboutSacap", () => <AboutSacap />],
  ["AboutCare", () => <AboutCare />],
  ["Disclaimer", () => <Disclaimer />],
  ["UserGuide", () => <UserGuide />],
  ["Wiki", () => <Wiki />],
];

describe.each(PAGES)("%s", (_name, page) => {
  const html = render(page());

  it("wraps the page in Blueprint running text and starts headings at h2", () => {
    expect(html.startsWith('<div class="bp6-running-text">')).toBe(true);
    expect(html).not.toMatch(/<h1[\s>]/);
    expect(html).toMatch(/<h2[\s>]/);
  });

  it("labels every section by a heading that exists", () => {
    const labels = [...html.matchAll(/<section aria-labelledby="([^"]+)"/g)].map((m) => m[1]);
    expect(labels.length).toBeGreaterThan(0);
    const pageIds = ids(html);
    for (const label of labels) expect(pageIds).toContain(label);
  });

  it("uses unique ids", () => {
    const pageIds = ids(html);
    expect(new Set(pageIds).size).toBe(pageIds.length);
  });

  it("opens external links safely", () => {
    for (const tag of html.match(/<a [^>]*href="https?:[^"]*"[^>]*>/g) ?? []) {
      expect(tag).toContain('rel="noopener noreferrer"');
    }
  });
});

describe("AboutSacap", () => {
  const html = render(<AboutSacap />);

  it("names the portal and its coverage", () => {
    expect(html).toContain("South Asia Climate and Agriculture Portal");
    for (const code of ["AFG", "BGD", "BTN", "IND", "LKA", "MDV", "NPL", "PAK"]) expect(html).toContain(code);
    for (const basin of ["Indus", "Ganges", "Brahmaputra", "Meghna", "Godavari", "Krishna", "Cauvery", "Mahanadi", "Narmada", "Tapi", "Pennar", "Helmand", "Kabul", "Amu Darya", "Harirud-Murghab", "Mahaweli"]) {
      expect(html).toContain(`<li>${basin}</li>`);
    }
  });

  it("describes the data, the audience and the sample data", () => {
    for (const text of ["NEX-GDDP-CMIP6", "ETCCDI", "PyAEZ", "GloFAS", "ISIMIP", "LHASA", "Google Earth Engine", "meteorological and hydrological services", "SAMPLE"]) {
      expect(html).toContain(text);
    }
    expect(hrefs(html)).toEqual(expect.arrayContaining(["/cmip6-data", "/pyaez", "/glofas", "/isimip", "/lhasa", "/tools/gee", "/about-care"]));
  });
});

describe("AboutCare", () => {
  const html = render(<AboutCare />);

  it("describes the project, its partners and the portal's place in it", () => {
    expect(html).toContain("Climate Adaptation and Resilience for South Asia");
    expect(html).toContain("World Bank");
    expect(html).toContain("Regional Integrated Multi-Hazard Early Warning System for Africa and Asia");
    expect(html).toContain("regional data platforms");
    expect(hrefs(html)).toContain("/about-sacap");
  });
});

describe("Disclaimer", () => {
  const html = render(<Disclaimer />);

  it("covers every clause", () => {
    for (const text of ["as is", "not forecasts", "10th to 90th percentile", "SAMPLE", "legal status", "approximate", "licence", "no liability"]) {
      expect(html).toContain(text);
    }
  });
});

describe("UserGuide", () => {
  const html = render(<UserGuide />);

  it("links every area of the portal", () => {
    const paths = [
      "/", "/cmip6-data", "/cmip6-viewer", "/profiles", "/catalog/climate", "/catalog/explorer", "/analytics/climate-crop",
      "/analytics/climate-crop/climate-variability", "/analytics/climate-crop/enso-crops", "/analytics/climate-livestock",
      "/analytics/climate-water", "/analytics/my-index", "/pyaez", "/catalog/agriculture", "/tools/gee", "/isimip", "/glofas", "/catalog/water",
      "/catalog/livestock", "/lhasa", "/catalog/disaster", "/care-comp", "/catalog/planning", "/data", "/data/catalog",
      "/data/bin", "/data/share", "/data-chart/tag/view", "/ckan-viewer", "/catalog/data", "/tools", "/second-page",
      "/user-guide", "/wiki", "/about-sacap", "/about-care", "/disclaimer", "/contact/form",
    ];
    expect(hrefs(html)).toEqual(expect.arrayContaining(paths));
    expect(html).toContain("/data/sector/&lt;sector&gt;");
    expect(html).toContain("#module-N.M");
    expect(html).toContain("/profiles/&lt;place&gt;");
  });

  it("lists the keyboard shortcuts in a captioned table", () => {
    expect(html).toMatch(/<table class="bp6-html-table[^"]*"><caption>Keyboard shortcuts<\/caption>/);
    expect(html).toContain("<kbd>/</kbd> or <kbd>Ctrl</kbd>+<kbd>K</kbd>");
    expect(html).toContain("<kbd>Shift</kbd>+<kbd>Tab</kbd>");
    for (const key of ["?", "[", "Esc", "Home", "End", "PageUp", "PageDown", "Enter", "Space"]) {
      expect(html).toContain(`<kbd>${key}</kbd>`);
    }
    expect(html).toContain("Skip to content");
    // the map viewers' own: the key that focuses the map, and their skip links
    expect(html).toMatch(/<kbd>M<\/kbd><\/td><td>On the map viewers: focus the map/);
    expect(html).toContain("skip to the map, the legend and the layer list");
  });

  it("explains preferences and shareable URLs", () => {
    expect(html).toContain("SACAP-&lt;preference&gt;");
    expect(html).toContain("30 days");
    for (const text of ["system", "horizontal", "boxed", "Semi-dark", "Skin", "Primary colours"]) expect(html).toContain(text);
    expect(html).toContain("in its URL");
  });
});

describe("Wiki", () => {
  const html = render(<Wiki />);
  const ETCCDI = [
    "fd", "su", "id", "tr", "gsl", "txx", "tnx", "txn", "tnn", "tn10p", "tx10p", "tn90p", "tx90p", "wsdi",
    "csdi", "dtr", "rx1day", "rx5day", "sdii", "r10mm", "r20mm", "rnnmm", "cdd", "cwd", "r95ptot", "r99ptot", "prcptot",
  ];

  it("defines all 27 ETCCDI indices in one row each", () => {
    const rows = [...html.matchAll(/<tr id="index-([a-z0-9]+)"><td><code>([a-z0-9]+)<\/code><\/td>/g)];
    expect(rows.map((row) => row[2])).toEqual(ETCCDI);
    expect(rows.every((row) => row[1] === row[2])).toBe(true);
    expect(html).toContain("<caption>ETCCDI core indices</caption>");
  });

  it("has an anchored section for every topic, linked from the contents", () => {
    const sections = ["cmip6", "scenarios", "ensemble", "periods", "etccdi", "drought-indices", "aez", "seasons", "enso", "thi", "pet-water-balance"];
    const links = hrefs(html);
    for (const id of sections) {
      expect(html).toContain(`<section aria-labelledby="${id}"><h2 id="${id}">`);
      expect(links).toContain(`#${id}`);
    }
  });

  it("states the key facts correctly", () => {
    for (const text of [
      "0.25 degree", "35 CMIP6 models", "SSP2-4.5", "SSP5-8.5", "1950 to 2014", "2015 to 2100", "1995-2014",
      "1901-1930", "1931-1960", "1961-1990", "1991-2020", "2020-2039", "2040-2059", "2060-2079", "2080-2099",
      "Standardized Precipitation Index", "Standardized Precipitation-Evapotranspiration Index", "June to September",
      "November to March", "Niño 3.4", "Oceanic Niño Index", "temperature-humidity index", "Penman-Monteith",
    ]) {
      expect(html).toContain(text);
    }
  });

  it("defines the agro-ecological zoning terms with links to their modules", () => {
    for (const term of ["Thermal climate", "Thermal zone", "Temperature sum", "Length of growing period", "Multi-cropping zones", "Fallow period", "Frost index", "Permafrost", "Suitability and yield classes", "Fournier index"]) {
      expect(html).toContain(term);
    }
    expect(hrefs(html)).toEqual(expect.arrayContaining(["/pyaez#module-1.4", "/pyaez#module-1.81", "/pyaez#module-5.1"]));
  });
});
