// Blueprint renders every button label, tag and menu item through its `Text` component. After each commit
// Text reads its element's text into state in a layout effect, and, when it ellipsizes (menu items, tags),
// its scrollWidth, so that an overflowing text gets its full text as a tooltip. Every Text thus renders twice
// before the browser paints, and every ellipsized one forces a layout of the page: on a page of some hundred
// buttons and menu items, hydration and every re-render of them block the main thread for hundreds of
// milliseconds on a slow phone (docs/decisions/028-main-thread-after-paint.md). The portal's browser build gets a Text
// that renders once and measures only when the pointer comes over an ellipsized text, the only moment its
// tooltip can show. The element, class and given title are the same as before: the server's HTML does not
// change. Idempotent (the cut has its mark); run by `npm run build` and `npm run dev`.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const MARK = "/* slimmed: measured when the pointer comes over it, not after every commit */";

/** Blueprint's ES module of `Text`, in this install. */
export function textModulePath() {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("@blueprintjs/core/package.json")), "lib/esm/components/text/text.js");
}

/** Blueprint's `text.js` with the slim `Text`; the same source when it already has it. Throws on another shape. */
export function slimText(source) {
  if (source.includes(MARK)) return source;
  const start = source.indexOf("export const Text = forwardRef(");
  const end = source.indexOf("Text.displayName");
  const imports = [
    ['import { createElement, forwardRef, useMemo, useRef, useState } from "react";', 'import { createElement, forwardRef, useMemo } from "react";'],
    ['import { Classes, mergeRefs } from "../../common";', 'import { Classes } from "../../common";'],
    ['import { useIsomorphicLayoutEffect } from "../../hooks/useIsomorphicLayoutEffect";\n', ""],
  ];
  if (start < 0 || end < 0 || imports.some(([from]) => !source.includes(from))) {
    throw new Error("Unexpected shape of Blueprint's text.js; update scripts/slim-blueprint-text.mjs");
  }
  const replacement = `${MARK}
/** An ellipsized text without a title of its own shows its full text as a tooltip while it overflows. */
function titleWhenOverflowing(event) {
    const element = event.currentTarget;
    if (element.scrollWidth > element.clientWidth) element.title = element.textContent ?? "";
    else element.removeAttribute("title");
}
export const Text = forwardRef(({ children, tagName = "div", title, className, ellipsize = false, onMouseEnter, ...htmlProps }, forwardedRef) => {
    const measured = ellipsize && title === undefined;
    const onEnter = useMemo(() => (measured ? (event) => { titleWhenOverflowing(event); onMouseEnter?.(event); } : onMouseEnter), [measured, onMouseEnter]);
    return createElement(tagName, {
        ...htmlProps,
        className: classNames({
            [Classes.TEXT_OVERFLOW_ELLIPSIS]: ellipsize,
        }, className),
        ref: forwardedRef,
        title,
        onMouseEnter: onEnter,
    }, children);
});
`;
  let slim = source.slice(0, start) + replacement + source.slice(end);
  for (const [from, to] of imports) slim = slim.replace(from, to);
  return slim;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = textModulePath();
  const original = readFileSync(file, "utf8");
  const source = slimText(original);
  if (source !== original) {
    writeFileSync(file, source);
    console.log("slimmed @blueprintjs/core Text");
  }
}
