import { describe, expect, it } from "vitest";
import { FairLines } from "./fair-lines.server";

describe("FairLines", () => {
  it("gives each client its own turns: one under way, the rest waiting in its order, none past its line", async () => {
    const lines = new FairLines(1, 2);
    const order: string[] = [];
    const a1 = lines.take("a")!;
    const a2 = lines.take("a")!;
    const a3 = lines.take("a")!;
    expect(lines.take("a")).toBeUndefined(); // 1 under way + 2 waiting
    expect(lines.limit).toBe(3);
    // another client is not behind a's line
    const b1 = lines.take("b");
    expect(b1).toBeDefined();
    void a2.then(() => order.push("a2"));
    void a3.then(() => order.push("a3"));
    await a1;
    await b1;
    expect(order).toEqual([]);
    expect(lines.underWay).toBe(4);
    lines.end("a");
    await Promise.resolve();
    expect(order).toEqual(["a2"]);
    lines.end("a");
    await Promise.resolve();
    expect(order).toEqual(["a2", "a3"]);
    lines.end("a");
    lines.end("b");
    expect(lines.underWay).toBe(0);
    // the lines are gone: a full set of turns again
    expect(lines.take("a")).toBeDefined();
    expect(lines.take("a")).toBeDefined();
    expect(lines.take("a")).toBeDefined();
    expect(lines.take("a")).toBeUndefined();
  });
});
