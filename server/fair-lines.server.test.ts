import { afterEach, describe, expect, it, vi } from "vitest";
import { ANTICIPATE_MS, DEFER_AT, FairLines, HOLD_MS } from "./fair-lines.server";

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

  describe("a long line defers to short ones", () => {
    afterEach(() => vi.useRealTimers());

    /** `client` asks `n` jobs; returns the order in which their turns come. */
    function ask(lines: FairLines, client: string, n: number, started: string[]) {
      for (let i = 0; i < n; i++) void lines.take(client)!.then(() => started.push(`${client}${i}`));
    }

    it("starts its next job only when the short line's job has ended, and its client's next request had time to come", async () => {
      vi.useFakeTimers();
      const lines = new FairLines(1, 16, 4, 60_000, 50);
      const started: string[] = [];
      ask(lines, "heavy", 6, started); // 1 under way, 5 waiting: a long line
      ask(lines, "light", 1, started);
      await Promise.resolve();
      expect(started).toEqual(["heavy0", "light0"]);
      // heavy's job ends while light's is under way: heavy waits
      lines.end("heavy");
      await Promise.resolve();
      expect(started).toEqual(["heavy0", "light0"]);
      lines.end("light");
      await vi.advanceTimersByTimeAsync(49);
      expect(started).toEqual(["heavy0", "light0"]);
      // light's next request within the 50 ms: heavy waits for that one too
      ask(lines, "light", 1, started);
      await vi.advanceTimersByTimeAsync(100);
      expect(started).toEqual(["heavy0", "light0", "light0"]);
      lines.end("light");
      await vi.advanceTimersByTimeAsync(50);
      expect(started).toEqual(["heavy0", "light0", "light0", "heavy1"]);
      // nobody else busy: heavy's jobs follow one another
      lines.end("heavy");
      await Promise.resolve();
      expect(started.at(-1)).toBe("heavy2");
    });

    it("does not defer with a short line of its own (a browser's few parallel requests)", async () => {
      const lines = new FairLines(1, 16, 4, 60_000);
      const started: string[] = [];
      ask(lines, "page", 3, started); // 1 under way, 2 waiting
      ask(lines, "other", 1, started);
      lines.end("page");
      await Promise.resolve();
      expect(started).toEqual(["page0", "other0", "page1"]);
    });

    it("is never starved: after holdMs its next job starts anyway", async () => {
      vi.useFakeTimers();
      const lines = new FairLines(2, 16, 4, 2000);
      const started: string[] = [];
      ask(lines, "heavy", 8, started); // 2 under way, 6 waiting
      ask(lines, "light", 1, started);
      await Promise.resolve();
      lines.end("heavy");
      lines.end("heavy");
      await Promise.resolve();
      expect(started).toEqual(["heavy0", "heavy1", "light0"]);
      // a job asked while the line defers waits in it, behind the others
      ask(lines, "heavy", 1, started);
      await vi.advanceTimersByTimeAsync(1999);
      expect(started).toHaveLength(3);
      await vi.advanceTimersByTimeAsync(1);
      expect(started).toEqual(["heavy0", "heavy1", "light0", "heavy2", "heavy3"]);
      expect(lines.underWay).toBe(1 + 7);
    });

    it("renders a page of its own only when no other client is busy (turnToRender)", async () => {
      vi.useFakeTimers();
      const lines = new FairLines(1, 16, 4, 60_000, 50);
      const rendered: string[] = [];
      const render = (client: string) => void lines.turnToRender(client).then(() => rendered.push(client));
      ask(lines, "heavy", 6, []); // 1 under way, 5 waiting
      // nobody else busy: at once
      render("heavy");
      await Promise.resolve();
      expect(rendered).toEqual(["heavy"]);
      ask(lines, "light", 1, []);
      // a short line renders at once; the long one waits for it
      render("light");
      render("heavy");
      await vi.advanceTimersByTimeAsync(1000);
      expect(rendered).toEqual(["heavy", "light"]);
      lines.end("light");
      await vi.advanceTimersByTimeAsync(49);
      expect(rendered).toEqual(["heavy", "light"]);
      await vi.advanceTimersByTimeAsync(1);
      expect(rendered).toEqual(["heavy", "light", "heavy"]);
    });

    it("never waits to render longer than holdMs", async () => {
      vi.useFakeTimers();
      const lines = new FairLines(1, 16, 4, 2000, 50);
      let rendered = false;
      ask(lines, "heavy", 6, []);
      ask(lines, "light", 1, []);
      void lines.turnToRender("heavy").then(() => (rendered = true));
      await vi.advanceTimersByTimeAsync(1999);
      expect(rendered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(rendered).toBe(true);
    });
  });

  describe("the machine's share", () => {
    afterEach(() => vi.useRealTimers());
    const shared = (capacity: number, maxWaitMs?: number) => new FairLines(1, 16, DEFER_AT, HOLD_MS, ANTICIPATE_MS, { capacity, maxWaitMs });
    /** Asks jobs of clients; `started` lists the clients whose jobs got their turn, in order. */
    const asker = (lines: FairLines) => {
      const started: string[] = [];
      return { started, ask: (client: string) => void lines.take(client)!.then((go) => go && started.push(client)) };
    };

    it("has at most `capacity` jobs under way over all clients, the lines taking turns for the room", async () => {
      const lines = shared(2);
      const { started, ask } = asker(lines);
      ask("a");
      ask("a");
      ask("a");
      ask("b");
      ask("c");
      await Promise.resolve();
      // a's first and b's: room for two; a's second waits in a's line, c's for the room
      expect(started).toEqual(["a", "b"]);
      expect(lines.running).toBe(2);
      lines.end("b");
      await Promise.resolve();
      // the room goes to a line with room in its own share: c's (a's next waits for a's first)
      expect(started).toEqual(["a", "b", "c"]);
      lines.end("a");
      await Promise.resolve();
      expect(started).toEqual(["a", "b", "c", "a"]);
      lines.end("c");
      await Promise.resolve();
      expect(started).toEqual(["a", "b", "c", "a"]);
      lines.end("a");
      await Promise.resolve();
      expect(started).toEqual(["a", "b", "c", "a", "a"]);
      lines.end("a");
      expect(lines.running).toBe(0);
      expect(lines.underWay).toBe(0);
    });

    it("gives the room to the line served longest ago: one job a round, however many a client has waiting", async () => {
      const lines = shared(1);
      const { started, ask } = asker(lines);
      ask("heavy");
      ask("heavy");
      ask("heavy");
      ask("other");
      await Promise.resolve();
      expect(started).toEqual(["heavy"]);
      lines.end("heavy");
      await Promise.resolve();
      // heavy was just served: other's job goes first, then heavy's next
      expect(started).toEqual(["heavy", "other"]);
      ask("other");
      lines.end("other");
      await Promise.resolve();
      expect(started).toEqual(["heavy", "other", "heavy"]);
      lines.end("heavy");
      await Promise.resolve();
      expect(started).toEqual(["heavy", "other", "heavy", "other"]);
      lines.end("other");
      await Promise.resolve();
      lines.end("heavy");
      expect(lines.underWay).toBe(0);
    });

    it("turns a job away when it has waited `maxWaitMs` for its turn, and the line goes on", async () => {
      vi.useFakeTimers();
      const lines = shared(1, 1000);
      const first = lines.take("a")!;
      const waiting = lines.take("b")!;
      expect(await first).toBe(true);
      let answer: boolean | undefined;
      void waiting.then((go) => (answer = go));
      await vi.advanceTimersByTimeAsync(999);
      expect(answer).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(answer).toBe(false);
      expect(lines.shed).toBe(1);
      expect(lines.underWay).toBe(1);
      // a turn that was turned away holds nothing: the next job starts when the room is free
      lines.end("a");
      expect(await lines.take("b")!).toBe(true);
      lines.end("b");
      expect(lines.underWay).toBe(0);
    });

    it("counts only the wait for the room: a job waiting behind its client's own is not turned away for it", async () => {
      vi.useFakeTimers();
      const lines = shared(4, 1000);
      expect(await lines.take("a")!).toBe(true);
      let second: boolean | undefined;
      void lines.take("a")!.then((go) => (second = go));
      await vi.advanceTimersByTimeAsync(5000);
      // behind a's own job for 5 s: still waiting, not turned away
      expect(second).toBeUndefined();
      lines.end("a");
      await vi.advanceTimersByTimeAsync(0);
      expect(second).toBe(true);
      lines.end("a");
      expect(lines.shed).toBe(0);
    });
  });
});
