import { afterEach, describe, expect, it, vi } from "vitest";
import "./reference";
import { makeStore, releaseStores } from "./store";

const entries = [
  { endpointName: "getGeos", arg: undefined, value: [{ field_value: "NPL" }] },
  { endpointName: "getScenarios", arg: undefined, value: [] },
];

describe("server stores", () => {
  afterEach(() => vi.useRealTimers());

  it("priming starts removal timers that outlive a request by minutes", () => {
    vi.useFakeTimers();
    const store = makeStore(entries);
    expect(Object.keys(store.getState().api.queries)).toHaveLength(2);
    vi.advanceTimersByTime(1000);
    expect(vi.getTimerCount()).toBeGreaterThanOrEqual(2);
  });

  it("releasing a store clears its timers and its data", () => {
    vi.useFakeTimers();
    const store = makeStore(entries);
    const stores = [store];
    releaseStores(stores);
    vi.advanceTimersByTime(1000); // a store's own short notification timer, if any
    expect(vi.getTimerCount()).toBe(0);
    expect(store.getState().api.queries).toEqual({});
    expect(stores).toEqual([]);
  });
});
