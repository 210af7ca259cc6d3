// @vitest-environment happy-dom
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { Provider } from "react-redux";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AezModule } from "~/features/pyaez/schema";
import { makeStore } from "~/store/store";

import { PAGE_SEARCH_ITEMS, useSearchItems } from "./useSearchItems";

const MODULES: AezModule[] = [
  {
    id: "1",
    name: "Climate Regime",
    val: "module-1",
    route: "/pyaez#module-1",
    child: [{ id: "1.4", name: "LGP", route: "/pyaez#module-1.4", image: "/aez/module-1.4.svg", desc: "Length of growing period." }],
  },
];

const ENTRY = {
  id: "chirps-npl",
  data_sector: "Weather & Climate",
  name: "CHIRPS rainfall, Nepal",
  link: "https://www.chc.ucsb.edu/data/chirps",
  topic: "climate",
  source: "CHIRPS",
  indic: "rainfall",
  geo: "NPL",
  level: "1",
  period: "monthly",
  year_range: "1981-2021",
  format: "CSV",
  description: "Rainfall.",
};

const GEO = { tid: "9", field_value: "LKA", name: "Sri Lanka", field_geotype: "Country" as const };

function setup(entries: Parameters<typeof makeStore>[0] = []) {
  const store = makeStore(entries);
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(({ active }) => useSearchItems(active), { wrapper, initialProps: { active: false } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("useSearchItems", () => {
  it("offers the pages, and asks for nothing until the search opens", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const { result } = setup([{ endpointName: "getAezModules", arg: undefined, value: MODULES }]);
    expect(result.current).toBe(PAGE_SEARCH_ITEMS);
    // every sector's charts are among the pages
    expect(PAGE_SEARCH_ITEMS).toContainEqual(expect.objectContaining({ href: "/data-chart/section/agriculture", title: "Agriculture: charts" }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("adds the places' profiles, the AEZ modules and maps and the catalogue from the cache once the search has opened, and keeps them after it closes", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const { result, rerender } = setup([
      { endpointName: "getAezModules", arg: undefined, value: MODULES },
      { endpointName: "getCatalogData", arg: undefined, value: [ENTRY] },
      { endpointName: "getGeos", arg: undefined, value: [GEO] },
    ]);
    rerender({ active: true });
    const items = result.current;
    expect(items.slice(0, PAGE_SEARCH_ITEMS.length)).toEqual(PAGE_SEARCH_ITEMS);
    expect(items.slice(PAGE_SEARCH_ITEMS.length).map((i) => i.href)).toEqual([
      "/profiles/LKA",
      "/pyaez#module-1",
      "/pyaez#module-1.4",
      "/data-chart/node/chirps-npl",
    ]);
    rerender({ active: false });
    expect(result.current).toBe(items);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("requests the modules and the catalogue when no page primed them", async () => {
    const bodies: Record<string, unknown> = { "/api/pyaez/list/modules": MODULES, "/api/catalog_data": [ENTRY], "/api/cmip6/list/geos": [GEO] };
    const fetch = vi.fn(async (request: Request) => {
      const body = bodies[new URL(request.url).pathname];
      expect(body).toBeDefined();
      return new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
    });
    vi.stubGlobal("fetch", fetch);
    const { result, rerender } = setup();
    await act(async () => rerender({ active: true }));
    await waitFor(() => expect(result.current.length).toBe(PAGE_SEARCH_ITEMS.length + 4));
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
