import { describe, expect, it } from "vitest";
import { applyTableState, toCsv, toTsv } from "./model";
import { defaultTableState, parseTableState, writeTableState } from "./state";
import type { ColumnDef, TableState } from "./types";

interface Row {
  name: string;
  source: string;
  geo: string;
  years: number | null;
}

const columns: ColumnDef<Row>[] = [
  { id: "name", header: "Name", value: (r) => r.name },
  { id: "source", header: "Source", value: (r) => r.source, facet: true },
  { id: "geo", header: "Geo", value: (r) => r.geo, facet: true },
  { id: "years", header: "Years", value: (r) => r.years, numeric: true, hiddenByDefault: true },
];

const rows: Row[] = [
  { name: "CHIRPS rainfall, Nepal", source: "CHIRPS", geo: "NPL", years: 41 },
  { name: "ERA5-Land temperature, India", source: "ERA5", geo: "IND", years: 71 },
  { name: "CHIRPS rainfall, India", source: "CHIRPS", geo: "IND", years: 41 },
  { name: "Soil map, Bhutan", source: "custom", geo: "BTN", years: null },
  { name: "rainfall, \"quoted\", Bangladesh", source: "IMD", geo: "BGD", years: 9 },
];

const state = (patch: Partial<TableState> = {}): TableState => ({ ...defaultTableState(columns), ...patch });

describe("applyTableState", () => {
  it("filters globally, per column and by facets (any selected value)", () => {
    expect(applyTableState(rows, columns, state({ q: "rainfall" })).filtered).toBe(3);
    expect(applyTableState(rows, columns, state({ filters: { geo: "ind" } })).filtered).toBe(2);
    const faceted = applyTableState(rows, columns, state({ facets: { source: ["CHIRPS", "IMD"] } }));
    expect(faceted.rows.map((r) => r.geo)).toEqual(["NPL", "IND", "BGD"]);
  });

  it("sorts text naturally and numbers numerically, empty values last, stable", () => {
    const byName = applyTableState(rows, columns, state({ sort: { id: "name", dir: "asc" } }));
    expect(byName.rows[0].name).toBe("CHIRPS rainfall, India");
    const byYearsDesc = applyTableState(rows, columns, state({ sort: { id: "years", dir: "desc" } }));
    expect(byYearsDesc.rows.map((r) => r.years)).toEqual([71, 41, 41, 9, null]);
    expect(byYearsDesc.rows[1].geo).toBe("NPL"); // stable: original order among equals
    const byYearsAsc = applyTableState(rows, columns, state({ sort: { id: "years", dir: "asc" } }));
    expect(byYearsAsc.rows.map((r) => r.years)).toEqual([9, 41, 41, 71, null]);
  });

  it("pages and clamps the page", () => {
    const model = applyTableState(rows, columns, state({ pageSize: 2, page: 9 }));
    expect(model.pageCount).toBe(3);
    expect(model.page).toBe(3);
    expect(model.pageRows).toHaveLength(1);
  });

  it("counts facet values among rows matching the other filters", () => {
    const model = applyTableState(rows, columns, state({ facets: { geo: ["IND"] } }));
    expect(model.facetCounts.source).toEqual([
      { value: "CHIRPS", count: 1 },
      { value: "ERA5", count: 1 },
    ]);
    // the facet's own selection does not narrow its own counts
    expect(model.facetCounts.geo.map((f) => f.value)).toEqual(["IND", "BGD", "BTN", "NPL"]);
  });
});

describe("URL codec", () => {
  it("round-trips a state and leaves defaults out", () => {
    const s = state({ q: "rain", sort: { id: "years", dir: "desc" }, page: 3, pageSize: 100, filters: { geo: "ind" }, facets: { source: ["CHIRPS", "ERA5"] }, hidden: [] });
    const params = writeTableState(new URLSearchParams("other=1"), s, columns);
    expect(params.get("other")).toBe("1");
    expect(params.toString()).toContain("sort=-years");
    expect(parseTableState(params, columns)).toEqual(s);
    expect(writeTableState(new URLSearchParams(), defaultTableState(columns), columns).toString()).toBe("");
  });

  it("reads and writes a table's own page size: the size parameter only when it differs from it", () => {
    expect(parseTableState(new URLSearchParams(), columns, "", 25).pageSize).toBe(25);
    expect(parseTableState(new URLSearchParams("size=50"), columns, "", 25).pageSize).toBe(50);
    expect(writeTableState(new URLSearchParams(), defaultTableState(columns, 25), columns, "", 25).toString()).toBe("");
    expect(writeTableState(new URLSearchParams(), defaultTableState(columns), columns, "", 25).toString()).toBe("size=50");
    expect(parseTableState(writeTableState(new URLSearchParams(), { ...defaultTableState(columns, 25), page: 2 }, columns, "t.", 25), columns, "t.", 25)).toEqual({
      ...defaultTableState(columns, 25),
      page: 2,
    });
  });

  it("ignores unknown columns and invalid values", () => {
    const parsed = parseTableState(new URLSearchParams("sort=nope&page=-2&size=7&f.evil=x&in.nope=y&cols=name,zzz"), columns);
    expect(parsed.sort).toBeNull();
    expect(parsed.page).toBe(1);
    expect(parsed.pageSize).toBe(50);
    expect(parsed.filters).toEqual({});
    expect(parsed.facets).toEqual({});
    expect(parsed.hidden).toEqual(["source", "geo", "years"]);
  });

  it("keeps two tables apart with prefixes", () => {
    const a = writeTableState(new URLSearchParams(), state({ q: "a" }), columns, "t1.");
    const b = writeTableState(a, state({ q: "b" }), columns, "t2.");
    expect(parseTableState(b, columns, "t1.").q).toBe("a");
    expect(parseTableState(b, columns, "t2.").q).toBe("b");
  });
});

describe("export", () => {
  it("writes RFC 4180 CSV, every text cell quoted", () => {
    const csv = toCsv(rows.slice(3), columns.slice(0, 2));
    expect(csv).toBe('"Name","Source"\r\n"Soil map, Bhutan","custom"\r\n"rainfall, ""quoted"", Bangladesh","IMD"\r\n');
  });
  it("writes TSV for the clipboard", () => {
    expect(toTsv([rows[0]], columns.slice(0, 3))).toBe("Name\tSource\tGeo\nCHIRPS rainfall, Nepal\tCHIRPS\tNPL");
  });
});
