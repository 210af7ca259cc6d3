import { hashString, unitFromHash } from "./random";

/**
 * What makes one model's sample series differ from another's: how strongly it warms, how its rainfall
 * responds, and small residual biases that remain after bias correction.
 */
export interface ModelTraits {
  /** Equilibrium climate sensitivity used, °C per CO2 doubling. */
  ecs: number;
  /** Multiplier of the forced warming, 0.6 (least sensitive) to 1.6. */
  warming: number;
  /** Added to the geo's precipitation change per degree, % per °C. */
  prChangeOffset: number;
  /** Residual biases after bias correction. */
  tasBias: number;
  prFactor: number;
  hursBias: number;
  rsdsBias: number;
  windFactor: number;
  /** Seed of the model's internal variability. */
  seed: number;
}

/**
 * Equilibrium climate sensitivity of the NEX-GDDP-CMIP6 models, °C, rounded from published estimates
 * (Zelinka et al. 2020, Meehl et al. 2020, model documentation papers). Models not listed get a value
 * between 2 and 5 from a hash of their name.
 */
const ECS: Readonly<Record<string, number>> = {
  "ACCESS-CM2": 4.7,
  "ACCESS-ESM1-5": 3.9,
  "BCC-CSM2-MR": 3.0,
  CanESM5: 5.6,
  CESM2: 5.2,
  "CESM2-WACCM": 4.8,
  "CMCC-CM2-SR5": 3.5,
  "CMCC-ESM2": 3.6,
  "CNRM-CM6-1": 4.8,
  "CNRM-ESM2-1": 4.8,
  "EC-Earth3": 4.3,
  "EC-Earth3-Veg-LR": 4.2,
  "FGOALS-g3": 2.9,
  "GFDL-CM4": 3.9,
  "GFDL-ESM4": 2.6,
  "GISS-E2-1-G": 2.7,
  "HadGEM3-GC31-LL": 5.6,
  "HadGEM3-GC31-MM": 5.4,
  "IITM-ESM": 2.4,
  "INM-CM4-8": 1.8,
  "INM-CM5-0": 1.9,
  "IPSL-CM6A-LR": 4.6,
  "KACE-1-0-G": 4.5,
  "KIOST-ESM": 3.4,
  "MIROC-ES2L": 2.7,
  MIROC6: 2.6,
  "MPI-ESM1-2-HR": 3.0,
  "MPI-ESM1-2-LR": 3.0,
  "MRI-ESM2-0": 3.2,
  NESM3: 4.7,
  "NorESM2-LM": 2.5,
  "NorESM2-MM": 2.5,
  TaiESM1: 4.3,
  "UKESM1-0-LL": 5.3,
};

const ECS_LOW = 1.8;
const ECS_HIGH = 5.6;

/** Sensitivity maps linearly onto the warming multiplier: ECS 1.8 gives 0.6, ECS 5.6 gives 1.5. */
export function warmingFactor(ecs: number): number {
  return Math.min(1.6, Math.max(0.6, 0.6 + (0.9 * (ecs - ECS_LOW)) / (ECS_HIGH - ECS_LOW)));
}

const cache = new Map<string, ModelTraits>();

export function modelTraits(model: string): ModelTraits {
  let traits = cache.get(model);
  if (traits) return traits;
  // the same model on another grid (GFDL-CM4_gr2) has the same physics
  const physics = model.replace(/_gr\d*$/, "");
  const h = hashString(physics);
  const u = (salt: string) => unitFromHash(hashString(`${physics}|${salt}`)) * 2 - 1;
  const ecs = ECS[physics] ?? 2 + 3 * unitFromHash(h);
  traits = {
    ecs,
    warming: warmingFactor(ecs),
    prChangeOffset: 3 * u("pr-change"),
    tasBias: 0.25 * u("tas"),
    prFactor: 1 + 0.06 * u("pr"),
    hursBias: 2 * u("hurs"),
    rsdsBias: 4 * u("rsds"),
    windFactor: 1 + 0.06 * u("wind"),
    seed: hashString(model),
  };
  cache.set(model, traits);
  return traits;
}
