/** The content encodings the portal sends, in its order of preference. */
export const CONTENT_ENCODINGS = ["br", "gzip"] as const;
export type ContentEncoding = (typeof CONTENT_ENCODINGS)[number];

/**
 * The encodings an Accept-Encoding header takes, brotli before gzip; `q=0` refuses one and `*` stands for
 * any not named. Used by every answer the portal compresses ahead of time (assets, lists, series).
 */
export function acceptedEncodings(acceptEncoding: string | null | undefined): ContentEncoding[] {
  if (!acceptEncoding) return [];
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get("*");
  return CONTENT_ENCODINGS.filter((e) => (accepted.get(e) ?? wildcard ?? 0) > 0);
}

/** Brotli when the client takes it, else gzip, else none. */
export const preferredEncoding = (acceptEncoding: string | null | undefined): ContentEncoding | undefined => acceptedEncodings(acceptEncoding)[0];
