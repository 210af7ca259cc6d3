import { describe, expect, it } from "vitest";
import { addToBasket, parseBasket, type BasketItem } from "./basket";

const item = (id: string): BasketItem => ({ id, name: id, href: `/data-chart/node/${id}`, addedAt: "2026-01-01T00:00:00Z" });

describe("basket", () => {
  it("adds without duplicates, in order", () => {
    expect(addToBasket([item("a")], [item("b"), item("a"), item("b"), item("c")]).map((i) => i.id)).toEqual(["a", "b", "c"]);
  });
  it("treats damaged storage as empty", () => {
    expect(parseBasket("{not json")).toEqual([]);
    expect(parseBasket('{"a":1}')).toEqual([]);
    expect(parseBasket(JSON.stringify([item("a"), { nope: 1 }]))).toEqual([item("a")]);
    expect(parseBasket(null)).toEqual([]);
  });
});
