import { TextArea } from "@blueprintjs/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TextField } from "./TextField";

const props = { id: "message", name: "message", rows: 6, maxLength: 5000, required: true, defaultValue: "Hello" };

describe("TextField", () => {
  it("is the element Blueprint's TextArea draws, with the same classes and attributes", () => {
    for (const intent of [undefined, "danger", "success"] as const) {
      for (const fill of [false, true]) {
        const ours = renderToStaticMarkup(<TextField {...props} intent={intent} fill={fill} />);
        const blueprint = renderToStaticMarkup(<TextArea {...props} intent={intent} fill={fill} />).replace(/ style=""/, "");
        const classes = (html: string) => new Set(/class="([^"]*)"/.exec(html)![1].split(" "));
        expect(classes(ours)).toEqual(classes(blueprint));
        expect(ours.replace(/ class="[^"]*"/, "")).toBe(blueprint.replace(/ class="[^"]*"/, ""));
      }
    }
  });
});
