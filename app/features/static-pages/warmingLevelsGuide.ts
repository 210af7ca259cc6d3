/**
 * The facts the user guide's worked example on warming levels states, from `seeds/warming-levels.csv`
 * (version 2025-11-07) and the portal's 35 models (`seeds/cmip6-models.json`); a unit test recomputes
 * them with `levelWindows` and checks the table's version and licence against the seed's header.
 */
export const GUIDE_LEVEL_EXAMPLE = {
  /** The version and licence of the table the example is read from. */
  table: { version: "2025-11-07", licence: "CC BY-SA 4.0" },
  scenario: { code: "ssp245", name: "SSP2-4.5" },
  /** Two models' windows at +2 °C: an early and a late one. */
  twoDegrees: [
    { model: "ACCESS-CM2", start: 2031, end: 2050 },
    { model: "MIROC6", start: 2064, end: 2083 },
  ],
  /** An early +1.5 °C window that starts before 2015 and so joins the historical run. */
  early: { model: "CanESM5", level: 1.5, start: 2004, end: 2023 },
  /** How many of the portal's models reach +3 °C by 2100, and how many the table lacks for the scenario. */
  threeDegrees: { count: 16, of: 35, notInTable: ["GFDL-CM4_gr2", "HadGEM3-GC31-MM"] },
} as const;

/** "A, B and C". */
export const listText = (items: readonly string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);
