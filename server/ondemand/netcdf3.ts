/**
 * A NetCDF classic file (CDF-1, "NetCDF-3") written in memory: fixed dimensions, variables of doubles,
 * ints or characters over them, and attributes (text, doubles or ints). It is what every NetCDF reader
 * opens (the netCDF library's ncdump, netCDF4-python, xarray, scipy, R, GDAL) and is small enough to write
 * by hand, big-endian as the format says, with no file in between: an on-demand answer is a few kilobytes
 * (docs/ondemand.md, "NetCDF"). A dimension of length 0 would be the record dimension of the format: such
 * a dimension and the variables over it are left out.
 */

export type Netcdf3Attribute = string | number | readonly number[] | Int32Array;

export interface Netcdf3Variable {
  name: string;
  /** Dimension names, slowest first (none: a scalar). */
  dims: readonly string[];
  /** `double`: Float64Array (NaN where missing); `int`: Int32Array; `char`: the text, padded per row with NUL. */
  type: "double" | "int" | "char";
  data: Float64Array | Int32Array | Uint8Array;
  attributes?: Record<string, Netcdf3Attribute>;
}

export interface Netcdf3File {
  dims: Record<string, number>;
  variables: readonly Netcdf3Variable[];
  attributes: Record<string, Netcdf3Attribute>;
}

const NC_DIMENSION = 0x0a;
const NC_VARIABLE = 0x0b;
const NC_ATTRIBUTE = 0x0c;
const TYPES = { char: { code: 2, size: 1 }, int: { code: 4, size: 4 }, double: { code: 6, size: 8 } } as const;

const pad4 = (n: number) => (n + 3) & ~3;

/** Characters of `rows` strings as a (rows, width) char array: UTF-8, NUL-padded. */
export function charArray(rows: readonly string[], width = Math.max(1, ...rows.map((r) => Buffer.byteLength(r)))): Uint8Array {
  const out = new Uint8Array(rows.length * width);
  rows.forEach((row, i) => out.set(Buffer.from(row).subarray(0, width), i * width));
  return out;
}

class Writer {
  private chunks: Uint8Array[] = [];
  length = 0;
  private push(bytes: Uint8Array) {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }
  int(value: number) {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setInt32(0, value, false);
    this.push(b);
  }
  bytes(bytes: Uint8Array) {
    this.push(bytes);
    const padding = pad4(bytes.length) - bytes.length;
    if (padding) this.push(new Uint8Array(padding));
  }
  name(text: string) {
    const bytes = Buffer.from(text, "utf8");
    this.int(bytes.length);
    this.bytes(bytes);
  }
  values(type: Netcdf3Variable["type"], data: ArrayLike<number>) {
    const size = TYPES[type].size;
    const b = new Uint8Array(data.length * size);
    const view = new DataView(b.buffer);
    for (let i = 0; i < data.length; i++) {
      if (type === "double") view.setFloat64(i * 8, data[i], false);
      else if (type === "int") view.setInt32(i * 4, data[i], false);
      else b[i] = data[i];
    }
    this.bytes(b);
  }
  attributes(attributes: Record<string, Netcdf3Attribute> = {}) {
    const entries = Object.entries(attributes);
    if (entries.length === 0) {
      this.int(0);
      this.int(0);
      return;
    }
    this.int(NC_ATTRIBUTE);
    this.int(entries.length);
    for (const [name, value] of entries) {
      this.name(name);
      if (typeof value === "string") {
        const bytes = Buffer.from(value, "utf8");
        this.int(TYPES.char.code);
        this.int(bytes.length);
        this.bytes(bytes);
      } else if (value instanceof Int32Array) {
        this.int(TYPES.int.code);
        this.int(value.length);
        this.values("int", value);
      } else {
        const list = typeof value === "number" ? [value] : value;
        this.int(TYPES.double.code);
        this.int(list.length);
        this.values("double", list);
      }
    }
  }
  concat(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}

export function writeNetcdf3(file: Netcdf3File): Uint8Array {
  const dims = Object.entries(file.dims).filter(([, n]) => n > 0);
  const index = new Map(dims.map(([name], i) => [name, i]));
  const variables = file.variables.filter((v) => v.dims.every((d) => index.has(d) || !(d in file.dims)));
  for (const v of variables) {
    const missing = v.dims.find((d) => !index.has(d));
    if (missing) throw new Error(`${v.name}: no dimension ${missing}`);
    const size = v.dims.reduce((n, d) => n * file.dims[d], 1);
    if (v.data.length !== size) throw new Error(`${v.name}: ${v.data.length} values for ${v.dims.join(" x ") || "a scalar"} (${size})`);
  }
  const header = (begins: number[]) => {
    const w = new Writer();
    w.bytes(Uint8Array.of(0x43, 0x44, 0x46, 0x01));
    w.int(0);
    if (dims.length === 0) {
      w.int(0);
      w.int(0);
    } else {
      w.int(NC_DIMENSION);
      w.int(dims.length);
      for (const [name, n] of dims) {
        w.name(name);
        w.int(n);
      }
    }
    w.attributes(file.attributes);
    if (variables.length === 0) {
      w.int(0);
      w.int(0);
    } else {
      w.int(NC_VARIABLE);
      w.int(variables.length);
      variables.forEach((v, k) => {
        w.name(v.name);
        w.int(v.dims.length);
        for (const d of v.dims) w.int(index.get(d)!);
        w.attributes(v.attributes);
        w.int(TYPES[v.type].code);
        w.int(pad4(v.data.length * TYPES[v.type].size));
        w.int(begins[k] ?? 0);
      });
    }
    return w;
  };
  // the header's length does not depend on the offsets it holds: measured once, then written with them
  let offset = header([]).length;
  const begins = variables.map((v) => {
    const at = offset;
    offset += pad4(v.data.length * TYPES[v.type].size);
    return at;
  });
  if (offset > 0x7fffffff) throw new Error("a NetCDF classic file is at most 2 GiB");
  const w = header(begins);
  for (const v of variables) w.values(v.type, v.data);
  return w.concat();
}
