/**
 * Links a stylesheet once, resolving when it has loaded (or failed): a library's own sheet, linked when the
 * library loads (the map library's), so that it is never render-blocking on the pages that may use it.
 */
export function linkStylesheet(href: string): Promise<void> {
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}
