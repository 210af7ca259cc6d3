// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "~/store/store";
import type { SeriesResponse } from "./series";
import { seriesApi, seriesRequestUrl } from "./seriesApi";
import type { SeriesQuery } from "./seriesQuery";

const body = { indicator: { code: "tas" }, sample: true } as unknown as SeriesResponse;

function stubFetch() {
  const fetch = vi.fn(async (_input: RequestInfo | URL) => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}
const requestedUrl = (fetch: ReturnType<typeof stubFetch>, call = 0) => {
  const input = fetch.mock.calls[call][0];
  return new URL(input instanceof Request ? input.url : String(input));
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("seriesApi", () => {
  it("requests the path of the frequency with the canonical query string", async () => {
    const fetch = stubFetch();
    const store = makeStore();
    const query: SeriesQuery = { indicator: "pr", geo: "BGD", scenario: ["ssp585", "historical"], season: "JJAS" };
    const result = await store.dispatch(seriesApi.endpoints.getMonthlySeries.initiate(query));
    expect(result.data).toEqual(body);
    const url = requestedUrl(fetch);
    expect(url.pathname).toBe("/api/cmip6/v1/monthly");
    expect(url.search).toBe("?indicator=pr&geo=BGD&scenario=historical,ssp585&season=JJAS");
    await store.dispatch(seriesApi.endpoints.getAnnualSeries.initiate({ indicator: "fd", geo: "AFG" }));
    expect(requestedUrl(fetch, 1).pathname).toBe("/api/cmip6/annual");
  });

  it("shares one cache entry between equal queries written differently", async () => {
    const fetch = stubFetch();
    const store = makeStore();
    await store.dispatch(seriesApi.endpoints.getAnnualSeries.initiate({ indicator: "tas", geo: "NPL", scenario: ["ssp585", "ssp245"] }));
    const again = await store.dispatch(
      seriesApi.endpoints.getAnnualSeries.initiate({ indicator: "tas", geo: "NPL", scenario: ["ssp245", "ssp585", "ssp245"], model: ["ensemble"] }),
    );
    expect(again.data).toEqual(body);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("reads entries primed by a loader without a request", async () => {
    const fetch = stubFetch();
    const primed: SeriesQuery = { indicator: "tas", geo: "IND", model: ["MIROC6", "CanESM5"] };
    const store = makeStore([{ endpointName: "getAnnualSeries", arg: primed, value: body }]);
    const selected = seriesApi.endpoints.getAnnualSeries.select({ indicator: "tas", geo: "IND", model: ["CanESM5", "MIROC6"] })(store.getState());
    expect(selected.data).toEqual(body);
    const result = await store.dispatch(seriesApi.endpoints.getAnnualSeries.initiate(primed));
    expect(result.data).toEqual(body);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("builds request paths relative to /api", () => {
    expect(seriesRequestUrl("annual", { indicator: "cdd", geo: "amu-darya", start: 2020, end: 2039 })).toBe(
      "cmip6/annual?indicator=cdd&geo=amu-darya&start=2020&end=2039",
    );
  });
});
