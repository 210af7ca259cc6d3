import { quantileSorted } from "../../app/features/cmip6/ensemble";
import type { YearRange } from "../../app/features/cmip6/periods";
import type { GridFieldSet } from "../../app/features/grids/grid";
import { AGREEMENT_THRESHOLD, yearsNeeded } from "../../app/features/cmip6/windows";

/**
 * The place series' rules applied to each grid cell (`app/features/cmip6/windows.ts`): a model's period
 * mean needs 90 % of the period's years, its change is its window mean minus its own 1995-2014 mean, and
 * the ensemble gives the median, 10th and 90th percentiles (type 7, as `ensembleStats`) and the AR6
 * simple agreement (`signAgreement`) of the changes, cell by cell.
 */

/**
 * A model's mean per cell over `period` from its yearly cell values (`yearValues(year)`, NaN: no value;
 * undefined: the year is missing). A cell with fewer than 90 % of the years has no mean (NaN).
 */
export function cellPeriodMeans(yearValues: (year: number) => ArrayLike<number> | undefined, period: YearRange, cells: number): Float32Array {
  const sum = new Float64Array(cells);
  const n = new Uint16Array(cells);
  for (let year = period.start; year <= period.end; year++) {
    const values = yearValues(year);
    if (!values) continue;
    for (let i = 0; i < cells; i++) {
      const v = values[i];
      if (v === v) {
        sum[i] += v;
        n[i]++;
      }
    }
  }
  const need = yearsNeeded(period.end - period.start + 1);
  const out = new Float32Array(cells);
  for (let i = 0; i < cells; i++) out[i] = n[i] >= need && n[i] > 0 ? sum[i] / n[i] : NaN;
  return out;
}

/** One model's cell means over the baseline and over the window. */
export interface GridMember {
  model: string;
  baseline: ArrayLike<number>;
  future: ArrayLike<number>;
}

/** The ensemble statistics per cell: those of a `GridFieldSet`; `models` are those with a change in at least one cell. */
export type EnsembleField = Pick<GridFieldSet, "change" | "p10" | "p90" | "baseline" | "future" | "agreement" | "count" | "agree" | "sign" | "models">;

/** The ensemble statistics of the members, cell by cell. */
export function ensembleField(members: readonly GridMember[], cells: number): EnsembleField {
  const out: EnsembleField = {
    change: new Float32Array(cells),
    p10: new Float32Array(cells),
    p90: new Float32Array(cells),
    baseline: new Float32Array(cells),
    future: new Float32Array(cells),
    agreement: new Float32Array(cells),
    count: new Uint8Array(cells),
    agree: new Uint8Array(cells),
    sign: new Int8Array(cells),
    models: [],
  };
  const m = members.length;
  const changes = new Float64Array(m);
  const bases = new Float64Array(m);
  const futures = new Float64Array(m);
  const used = new Uint8Array(m);
  for (let i = 0; i < cells; i++) {
    let nc = 0;
    let nb = 0;
    let nf = 0;
    let up = 0;
    let down = 0;
    let zero = 0;
    for (let k = 0; k < m; k++) {
      const b = members[k].baseline[i];
      const f = members[k].future[i];
      if (b === b) bases[nb++] = b;
      if (f === f) futures[nf++] = f;
      if (b === b && f === f) {
        const c = f - b;
        changes[nc++] = c;
        used[k] = 1;
        if (c > 0) up++;
        else if (c < 0) down++;
        else zero++;
      }
    }
    out.baseline[i] = nb ? quantileSorted(bases.subarray(0, nb).sort(), 0.5) : NaN;
    out.future[i] = nf ? quantileSorted(futures.subarray(0, nf).sort(), 0.5) : NaN;
    out.count[i] = nc;
    if (nc === 0) {
      out.change[i] = out.p10[i] = out.p90[i] = out.agreement[i] = NaN;
      continue;
    }
    const sorted = changes.subarray(0, nc).sort();
    out.change[i] = quantileSorted(sorted, 0.5);
    out.p10[i] = quantileSorted(sorted, 0.1);
    out.p90[i] = quantileSorted(sorted, 0.9);
    // the sign most models have; a tie between rising and falling has none (as `signAgreement`)
    const sign = up > down && up >= zero ? 1 : down > up && down >= zero ? -1 : 0;
    const agree = sign === 1 ? up : sign === -1 ? down : Math.max(zero, up);
    out.sign[i] = sign;
    out.agree[i] = agree;
    out.agreement[i] = agree / nc;
  }
  out.models = members.filter((_, k) => used[k]).map((member) => member.model);
  return out;
}

/** Whether a cell's agreement is robust (AR6: at least 80 % of the models share the sign). */
export const robustShare = (share: number) => share >= AGREEMENT_THRESHOLD - 1e-12;
