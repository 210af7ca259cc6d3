export const escapeXml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/**
 * What makes an SVG drawing (a chart or a map drawn on the server) an accessible image: the root's
 * `role="img"` and `aria-labelledby` attributes, and the `<title>` and `<desc>` elements that open its content.
 */
export function svgLabel(idPrefix: string, title: string, desc: string) {
  return {
    attributes: `role="img" aria-labelledby="${idPrefix}-title ${idPrefix}-desc"`,
    elements: `<title id="${idPrefix}-title">${escapeXml(title)}</title><desc id="${idPrefix}-desc">${escapeXml(desc)}</desc>`,
  };
}
