import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { Pagination } from "./Pagination";

const render = (page: number, pageCount: number) =>
  renderToString(
    <StaticRouter location="/data/catalog">
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => `/data/catalog?page=${p}`} />
    </StaticRouter>,
  );

describe("Pagination", () => {
  it("has first and last buttons, disabled at the edges", () => {
    const html = render(1, 10);
    expect(html).toContain("First page");
    expect(html).toContain("Last page");
    expect(html).toMatch(/aria-disabled="true"[^>]*title="First page"/);
    expect(html).toContain('href="/data/catalog?page=10"');
    expect(html).toContain("Page 1 of 10");
  });

  it("marks the current page and links the others", () => {
    const html = render(5, 10);
    expect(html).toMatch(/aria-current="page"[^>]*>5</);
    expect(html).toContain('href="/data/catalog?page=1"');
    expect(html).toContain('href="/data/catalog?page=4"');
    expect(html).not.toContain('aria-disabled="true"');
  });
});
