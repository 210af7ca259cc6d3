import type { GridAxes, GridFieldSet, GridQuery } from "../../app/features/grids/grid";

/**
 * Where gridded fields come from. The API, the painted images and the downloads only see this interface:
 * the embedded sample generator implements it (`./sample/`), and so do the CF NetCDF files the ingest
 * writes (`./files/`), alone or layered (files first, the generator for what they lack).
 */
export interface GridStore {
  /** The grid every field of the store is on. */
  readonly axes: GridAxes;
  /** One field's ensemble statistics, or undefined when the store has no data for it. */
  field(query: GridQuery): Promise<GridFieldSet | undefined>;
  /** Changes when any field changes (keys the caches of images and answers). */
  version(): string;
  /** A file of the store, when it reads files: what a process warms up on (`warmGridImages`). */
  firstFile?(): { indicator: string; scenario: string; season: string } | undefined;
}

/** The files' fields where they have them, the fallback's elsewhere. */
export class LayeredGridStore implements GridStore {
  constructor(
    private readonly primary: GridStore,
    private readonly fallback: GridStore,
  ) {}
  get axes() {
    return this.primary.axes;
  }
  async field(query: GridQuery) {
    return (await this.primary.field(query)) ?? (await this.fallback.field(query));
  }
  version() {
    return `${this.primary.version()}+${this.fallback.version()}`;
  }
  firstFile() {
    return this.primary.firstFile?.() ?? this.fallback.firstFile?.();
  }
}
