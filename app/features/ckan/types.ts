export interface CkanResource {
  id: string;
  name: string;
  format: string;
  url: string;
}

export interface CkanDataset {
  id: string;
  title: string;
  notes: string;
  organization?: string;
  resources: CkanResource[];
}

export interface CkanSearch {
  count: number;
  results: CkanDataset[];
}

export interface CkanPreview {
  resource: CkanResource;
  header: string[];
  rows: string[][];
  truncated: boolean;
}

/**
 * An upstream answer, or the message to show in its place: a failure (the upstream did not answer, or not
 * in time), or a refusal (the portal would not fetch it, e.g. a preview from a host that is not allowed).
 */
export type CkanResult<T> = { ok: true; data: T } | { ok: false; error: string; timedOut?: boolean; refused?: boolean };
