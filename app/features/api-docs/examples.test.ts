import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { codeExamples, DOCS_BASE_URL, EXAMPLE_SERIES_QUERY } from "./examples";

describe("code examples", () => {
  it("docs/api.md carries the same code as the API page", () => {
    const docs = readFileSync("docs/api.md", "utf8");
    for (const example of codeExamples(DOCS_BASE_URL)) expect(docs, example.id).toContain(`\`\`\`${example.language}\n${example.code}\n\`\`\``);
  });

  it("every example asks the same series, at the address given", () => {
    const params = new URLSearchParams(EXAMPLE_SERIES_QUERY);
    for (const example of codeExamples("https://sacap.example")) {
      expect(example.code, example.id).toContain("https://sacap.example");
      expect(example.code, example.id).toContain("/api/cmip6/annual");
      for (const [name, value] of params) expect(example.code, `${example.id}: ${name}`).toMatch(new RegExp(`${name}(=|": | = )"?${value}`));
    }
  });
});
