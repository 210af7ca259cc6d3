/**
 * CMIP6 file names: `{variable}_{frequency}_{model}_{scenario}_{variant}_{grid}_{years}[_{version}].nc`,
 * e.g. NEX-GDDP-CMIP6 `tasmax_day_ACCESS-CM2_ssp245_r1i1p1f1_gn_2015_v1.1.nc` or CMIP6
 * `pr_day_MIROC6_historical_r1i1p1f1_gn_19500101-19591231.nc`.
 */
export interface Cmip6FileName {
  name: string;
  variable: string;
  frequency: string;
  model: string;
  scenario: string;
  variant: string;
  grid: string;
  /** The years part as written (`2015`, `20150101-20241231`). */
  years: string;
}

const PATTERN =
  /^([A-Za-z][A-Za-z0-9]*)_([A-Za-z0-9]+)_(.+)_(historical|ssp\d{3}|piControl|[a-z]+-?[a-z0-9]*)_(r\d+i\d+p\d+f\d+)_(g[a-z0-9]+)_(\d{4,12}(?:-\d{4,12})?)(?:_v[\d.]+)?\.nc4?$/;

export function parseCmip6FileName(name: string): Cmip6FileName | undefined {
  const m = PATTERN.exec(name);
  if (!m) return undefined;
  return { name, variable: m[1], frequency: m[2], model: m[3], scenario: m[4], variant: m[5], grid: m[6], years: m[7] };
}

export interface CodeLists {
  models: readonly { field_value: string; field_grid?: string }[];
  scenarios: readonly { field_value: string }[];
}

/** The catalogue model of a file: its name, or name and grid (`GFDL-CM4` on `gr2` is `GFDL-CM4_gr2`). */
export function catalogModel(file: Pick<Cmip6FileName, "model" | "grid">, lists: CodeLists): string | undefined {
  const byName = (code: string) => lists.models.find((m) => m.field_value.toLowerCase() === code.toLowerCase())?.field_value;
  return byName(`${file.model}_${file.grid}`) ?? byName(file.model);
}

export function catalogScenario(file: Pick<Cmip6FileName, "scenario">, lists: CodeLists): string | undefined {
  return lists.scenarios.find((s) => s.field_value.toLowerCase() === file.scenario.toLowerCase())?.field_value;
}
