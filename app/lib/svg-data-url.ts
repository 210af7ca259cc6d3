/** An SVG document as a data URL, percent-encoded (readable to compression, safe in an attribute). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
