/**
 * Opens a fold on a wide screen as React attaches it: `<details className="sacap-fold" ref={openOnWideScreen}>`.
 *
 * A fold is a part of a page that a phone reader does not need at once (styles/app.css, decision 028, "What
 * a page holds on a phone"): closed in the document, and so on a phone until the reader opens it. Above
 * 800 px the stylesheet shows its content from the first paint and hides its summary, with scripts or
 * without; this opens it there too, while the page hydrates or when a navigation in the portal renders it,
 * so that screen readers and other tools are told that its content is shown. One function for every fold:
 * React calls it when a fold is attached, not on each render, and never closes one.
 */
export function openOnWideScreen(fold: HTMLDetailsElement | null) {
  if (fold && matchMedia("(min-width: 800.02px)").matches) fold.open = true;
}
