import { describe, expect, it } from "vitest";
import { coalesceChunks } from "./coalesce-chunks.server";

describe("coalesceChunks", () => {
  it("passes on what is written in one turn as one chunk, and a later write as another, in order", async () => {
    const stream = coalesceChunks();
    const chunks: string[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    for (const piece of ["<html>", "<head>", "</head>", "<body>"]) stream.write(piece);
    await new Promise((resolve) => setTimeout(resolve, 5));
    stream.write("<p>later</p>");
    stream.end("</body></html>");
    await ended;
    expect(chunks).toEqual(["<html><head></head><body>", "<p>later</p></body></html>"]);
  });

  it("keeps multi-byte characters split across writes whole", async () => {
    const stream = coalesceChunks();
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    const bytes = Buffer.from("°C ∆", "utf8");
    stream.write(bytes.subarray(0, 1));
    stream.end(bytes.subarray(1));
    await ended;
    expect(Buffer.concat(chunks).toString("utf8")).toBe("°C ∆");
    expect(chunks).toHaveLength(1);
  });
});
