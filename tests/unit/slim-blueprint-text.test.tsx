// @vitest-environment happy-dom
import { act, fireEvent, render } from "@testing-library/react";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Profiler, createElement, type ComponentType, type ReactNode } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a build script in plain JavaScript
import { slimText, textModulePath } from "../../scripts/slim-blueprint-text.mjs";

type TextProps = { children?: ReactNode; ellipsize?: boolean; title?: string; tagName?: string; onMouseEnter?: () => void };

// The slim Text is written beside Blueprint's own module (its imports are relative to it) and loaded from there.
const installed: string = textModulePath();
const underTest = path.join(path.dirname(installed), "text.slim-under-test.js");
let Text: ComponentType<TextProps>;

beforeAll(async () => {
  writeFileSync(underTest, slimText(readFileSync(installed, "utf8")));
  ({ Text } = await import(/* @vite-ignore */ underTest));
});
afterAll(() => rmSync(underTest, { force: true }));

/** The commits of one mount of `element`. */
function commitsOf(element: ReactNode): number {
  let commits = 0;
  render(createElement(Profiler, { id: "text", onRender: () => commits++ }, element));
  return commits;
}

describe("Blueprint's Text in the browser build", () => {
  it("is rewritten once: a second pass changes nothing, and another shape of the file fails the build", () => {
    const slim = slimText(readFileSync(installed, "utf8"));
    expect(slimText(slim)).toBe(slim);
    expect(slim).not.toContain("useIsomorphicLayoutEffect");
    expect(() => slimText("export const Text = () => null;")).toThrow(/Unexpected shape/);
  });

  it("renders once: no second render from a layout effect after the first commit", () => {
    expect(commitsOf(createElement(Text, null, "Download"))).toBe(1);
    expect(commitsOf(createElement(Text, { ellipsize: true }, "A long menu item"))).toBe(1);
  });

  it("keeps the element, its ellipsis class and a title given to it", () => {
    const { container } = render(createElement(Text, { tagName: "span", ellipsize: true, title: "Given" }, "Label"));
    const span = container.querySelector("span")!;
    expect(span.className).toBe("bp6-text-overflow-ellipsis");
    expect(span.getAttribute("title")).toBe("Given");
    expect(span.textContent).toBe("Label");
  });

  it("shows the full text as a tooltip when the pointer comes over an overflowing text, and only then", () => {
    const calls: string[] = [];
    const { container } = render(createElement(Text, { ellipsize: true, onMouseEnter: () => calls.push("own") }, "Rainfall anomaly over the Upper Indus basin"));
    const div = container.querySelector("div")!;
    expect(div.hasAttribute("title")).toBe(false);
    const width = (scroll: number, client: number) => {
      Object.defineProperty(div, "scrollWidth", { configurable: true, value: scroll });
      Object.defineProperty(div, "clientWidth", { configurable: true, value: client });
    };
    width(400, 200);
    act(() => void fireEvent.mouseEnter(div));
    expect(div.getAttribute("title")).toBe("Rainfall anomaly over the Upper Indus basin");
    width(200, 400);
    act(() => void fireEvent.mouseEnter(div));
    expect(div.hasAttribute("title")).toBe(false);
    // the element's own handler still runs
    expect(calls).toEqual(["own", "own"]);
  });
});
