import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PHONE_FIRST_ROWS } from "./state";

/** The stylesheet's rule for a page's later rows on a phone (styles/app.css, "A page's later rows"). */
const stylesheet = readFileSync(path.resolve(__dirname, "../../../styles/app.css"), "utf8");

describe("a page's later rows on a phone", () => {
  it("the stylesheet hides the rows from the one after PHONE_FIRST_ROWS, in the table's own body only", () => {
    const rules = [...stylesheet.matchAll(/\.sacap-later-rows\[open\]\)\) ([^{]+)\{/g)].map((match) => match[1].trim());
    expect(rules).toEqual([`.sacap-data-table__table > tbody > tr:nth-child(n + ${PHONE_FIRST_ROWS + 1})`]);
  });
});
