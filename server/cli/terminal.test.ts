import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { printable, writeText } from "./terminal";

describe("printable", () => {
  it("shows ESC sequences, BEL, CR, DEL and C1 controls as escapes and keeps newlines", () => {
    expect(printable('title "CHIRPS \x1b[31mred\x07"\nnext\r\x7f\x9b2J\t')).toBe('title "CHIRPS \\u001b[31mred\\u0007"\nnext\\u000d\\u007f\\u009b2J\\u0009');
    expect(printable("Nepal, 2015-2020 (°C)")).toBe("Nepal, 2015-2020 (°C)");
  });

  it("leaves JSON valid and the same value", () => {
    const value = { title: "a\x1b[2Jb\x9b\x7f" };
    const text = printable(JSON.stringify(value, null, 2));
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe("writeText", () => {
  it("writes the text shown as escapes, after the tool's own erase of the line when asked", () => {
    const stream = new PassThrough();
    writeText(stream, "file\x1b]0;owned\x07.nc\n", { clearLine: true });
    expect(stream.read().toString()).toBe("\r\x1b[Kfile\\u001b]0;owned\\u0007.nc\n");
  });
});
