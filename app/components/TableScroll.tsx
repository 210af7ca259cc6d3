import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * The box of a data table, which may be wider than its column (a phone; a table of many windows or
 * months): the table scrolls sideways inside it, never the page, with its first column (what each row is)
 * and its caption kept in view (styles/app.css `.sacap-table-scroll`). The box is a region named by
 * `label`, so that a screen reader says which table it holds, and a tab stop while the table is wider than
 * the box, so that a keyboard can scroll it (the arrow keys, once it has the focus). In the server's HTML,
 * and so without JavaScript, every box is a tab stop; once the page runs, a box whose table fits is not.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(true);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    // measured when the observer reports the box's first size, after the browser's own next layout: read
    // here as the page hydrates, the widths would make the browser lay out the whole page at once inside
    // hydration's task (decision 028)
    const observer = new ResizeObserver(() => setScrolls(element.scrollWidth > element.clientWidth));
    // the box (a narrower window) and the table in it (rows that arrive, a column that opens)
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className="sacap-table-scroll" role="region" aria-label={label} tabIndex={scrolls ? 0 : undefined}>
      {children}
    </div>
  );
}
