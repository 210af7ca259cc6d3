import { createHash } from "node:crypto";
import { decimalsOf } from "../../app/features/cmip6/indicatorRules";
import { isThiCode } from "../../app/features/cmip6/livestockHeat";
import { BASELINE_PERIOD } from "../../app/features/cmip6/periods";
import { seriesIndicator, seriesIndicatorCodes } from "../../app/features/cmip6/seriesQuery";
import { mergeSources, sourceSummary } from "../../app/features/cmip6/sources";
import { AGREEMENT_RULE, leftOutList, ONE_SOURCE_RULE, windowDecimals } from "../../app/features/cmip6/windows";
import { WINDOW_CHOICES } from "../../app/features/cmip6/warmingLevels";
import type { Indicator, ScenarioValue } from "../../app/features/cmip6/schema";
import {
  PROFILE_SCENARIOS,
  profilePath,
  profilePlaces,
  type LevelNote,
  type MonthlyCycle,
  type PlaceProfile,
  type ProfilePlace,
  type ProfileRow,
  type ProfileRunSources,
} from "../../app/features/profile/profile";
import { dataPackZip, profileHasSample } from "../../app/features/profile/dataPack.server";
import { drawProfile, type ProfileGraphics } from "../../app/features/profile/graphics.server";
import { profileSignals } from "../../app/features/profile/signals";
import type { ReferenceService } from "./reference.server";
import { STALE_ATTEMPTS, StaleSeriesVersion, type SeriesService, type WindowTable } from "../series/service.server";

/** The variables of the monthly cycle: mean temperature and precipitation. */
const CYCLE_CODES = ["tas", "pr"] as const;

/** The methods of a profile, as the page, the print and the data pack state them. */
export const PROFILE_METHODS = [
  `Ensemble: each model's mean over the period first, then the median and the 10th and 90th percentiles across the models (as the IPCC AR6 WGI Interactive Atlas and the World Bank Climate Change Knowledge Portal); a model needs 90 % of a period's years.`,
  `Changes: each model's change from its own ${BASELINE_PERIOD.label} mean, then the statistics across the models.`,
  `20-year windows: the same years for every model. Global warming levels: each model's 20-year window in which its global mean warming first exceeds the level above 1850-1900 as in the IPCC AR6 Atlas (windows from the table of Hauser et al., doi:10.5281/zenodo.3591806, licence CC BY-SA 4.0; the notes on warming levels name its version); models that do not reach a level are left out, and each column says how many are in.`,
  AGREEMENT_RULE,
  ONE_SOURCE_RULE,
  `Values are area-weighted means over the place of the NEX-GDDP-CMIP6 daily data (0.25°), aggregated to years as each indicator states; climate extreme indices follow the ETCCDI definitions (climdex).`,
];

/** A place's profile and its graphics. */
export interface ProfileData {
  profile: PlaceProfile;
  graphics: ProfileGraphics;
}

type ProfileContext = { series: SeriesService; reference: ReferenceService };

/** A place's data pack as served: the ZIP bytes, their strong ETag and whether any number is sample data. */
export interface DataPack {
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
  sample: boolean;
}

/** Data packs kept at most (places × the addresses the portal is reached at); the oldest go first. */
const PACKS_KEPT = 64;

/**
 * A place's profile from the series service (period statistics computed in the series workers) with its
 * graphics, kept per place and data version: a new store or new reference lists give a new version and
 * a new profile.
 */
export function createProfileService({ series, reference }: ProfileContext) {
  const pages = keptPerVersion<ProfileData & { runs: ProfileRunSources }>(() => series.version);
  const packs = keptPerVersion<DataPack>(() => series.version, PACKS_KEPT);

  function places(): ProfilePlace[] {
    return profilePlaces(reference.list("getGeos"));
  }

  /** The place of a path segment: its slug, or its geo code (`NPL`, `ganges`). */
  function placeOf(segment: string): ProfilePlace | undefined {
    const all = places();
    return all.find((p) => p.slug === segment) ?? all.find((p) => p.code.toLowerCase() === segment.toLowerCase());
  }

  /** The profile and its graphics, with the source of each model run read (for the data pack only). */
  function built(place: ProfilePlace): Promise<ProfileData & { runs: ProfileRunSources }> {
    return pages.get(place.code, (version) => consistent(place, version).then(async ({ profile, runs }) => ({ profile, graphics: await drawProfile(profile), runs })));
  }

  /**
   * The profile read at one data version: its many period statistics (computed in several workers) must
   * agree. When the data moves on while they are read (a shared store taking a new batch), the profile is
   * read again at the newest version.
   */
  async function consistent(place: ProfilePlace, version: string): Promise<{ profile: PlaceProfile; runs: ProfileRunSources }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await build(place, version);
      } catch (error) {
        if (!(error instanceof StaleSeriesVersion) || attempt >= STALE_ATTEMPTS) throw error;
        await series.refresh();
        version = series.version;
      }
    }
  }

  /** The profile and its graphics, as the page shows them. */
  async function page(place: ProfilePlace): Promise<ProfileData> {
    const { profile, graphics } = await built(place);
    return { profile, graphics };
  }

  /**
   * A place's data pack, built once per place, data version and address and then kept (as the profiles
   * are); `origin` is the portal's address (`context.origin`: `https://sacap.example`).
   */
  function pack(place: ProfilePlace, origin: string): Promise<DataPack> {
    return packs.get(`${place.code}|${origin}`, () =>
      built(place).then(({ profile, graphics, runs }) => {
        const bytes = dataPackZip(profile, graphics, runs, new URL(profilePath(place), origin).href);
        // the bytes' own hash: a new data version, new graphics or a new layout give a new ETag
        return { bytes, etag: `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`, sample: profileHasSample(profile) };
      }),
    );
  }

  async function build(place: ProfilePlace, version: string): Promise<{ profile: PlaceProfile; runs: ProfileRunSources }> {
    const indicators = reference.list("getIndicators");
    const scenarios = reference.list("getScenarios").filter((s) => (PROFILE_SCENARIOS as readonly string[]).includes(s.field_value));
    // livestock heat-stress days have their own analysis (/analytics/climate-livestock): not ETCCDI indices
    const codes = seriesIndicatorCodes(indicators, "annual").filter((code) => !isThiCode(code));
    const choiceCodes = WINDOW_CHOICES.map((c) => c.code);
    const scenarioCodes = scenarios.map((s) => s.field_value as ScenarioValue);

    const [tables, cycleTables] = await Promise.all([
      Promise.all(codes.map((code) => series.windows("annual", { indicator: code, geo: place.code, scenario: scenarioCodes }, choiceCodes, version))),
      Promise.all(
        CYCLE_CODES.flatMap((code) =>
          Array.from({ length: 12 }, (_, m) =>
            series.windows("monthly", { indicator: code, geo: place.code, scenario: ["historical"], month: m + 1 }, [BASELINE_PERIOD.label], version),
          ),
        ),
      ),
    ]);

    const rows: ProfileRow[] = [];
    const levels: LevelNote[] = [];
    codes.forEach((code, i) => {
      const table = tables[i];
      const indicator = seriesIndicator(indicators, code, "annual");
      if (!table || !indicator) return;
      rows.push(profileRow(indicator, table, choiceCodes));
      // the level notes of the first indicator with data (model counts differ by variable only through gaps)
      if (levels.length === 0) {
        table.summaries.forEach((perScenario, c) => {
          if (WINDOW_CHOICES[c].kind !== "gwl") return;
          for (const s of perScenario) {
            levels.push({ scenario: s.scenario, code: s.window.code, count: s.count, of: s.of, text: s.text, method: s.method.replace(AGREEMENT_RULE, "").trim() });
          }
        });
      }
    });

    const cycle: MonthlyCycle[] = CYCLE_CODES.flatMap((code, v) => {
      const indicator = seriesIndicator(indicators, code, "monthly");
      const months = cycleTables.slice(v * 12, v * 12 + 12);
      if (!indicator || months.some((m) => !m)) return [];
      return [
        {
          code,
          name: indicator.name.replace(/\s*\(monthly average\)$/, ""),
          units: indicator.field_var_unit,
          decimals: windowDecimals(decimalsOf(code)),
          months: months.map((m) => {
            const s = m!.summaries[0][0];
            return { median: s.median, p10: s.p10, p90: s.p90, count: s.count };
          }),
        },
      ];
    });

    const origin = sourceSummary(mergeSources([...tables, ...cycleTables].filter((t): t is WindowTable => t !== undefined)));

    const profile: PlaceProfile = {
      place,
      version,
      baseline: { start: BASELINE_PERIOD.start, end: BASELINE_PERIOD.end, label: BASELINE_PERIOD.label },
      scenarios: scenarios.map((s) => ({ code: s.field_value, name: s.name })),
      choices: WINDOW_CHOICES.map(({ code, label, kind }) => ({ code, label, kind })),
      rows,
      cycle,
      levels,
      origin,
      signals: [],
      methods: PROFILE_METHODS,
    };
    profile.signals = profileSignals(profile);
    const read = codes.map((code, i) => [code, tables[i]] as const).filter((entry): entry is readonly [string, WindowTable] => entry[1] !== undefined);
    const runs: ProfileRunSources = {
      runs: read.flatMap(([indicator, table]) => table.series.map((block) => ({ indicator, scenario: block.scenario, sources: block.sources }))),
      provenance: Object.assign({}, ...read.map(([, table]) => table.provenance)),
    };
    return { profile, runs };
  }

  return { places, placeOf, page, pack };
}

export type ProfileService = ReturnType<typeof createProfileService>;

/**
 * Values computed once per key and data version and kept: a failed computation is not kept (the next
 * request tries again), a new data version drops the values of older ones, and beyond `bound` entries the
 * oldest go first.
 */
function keptPerVersion<T>(version: () => string, bound = Infinity) {
  const entries = new Map<string, Promise<T>>();
  return {
    /** The value of `key` at the data version now; `compute` is given that version. */
    get(key: string, compute: (version: string) => Promise<T>): Promise<T> {
      const current = version();
      const full = `${key}|${current}`;
      let entry = entries.get(full);
      if (!entry) {
        entry = compute(current);
        entries.set(full, entry);
        entry.catch(() => entries.delete(full));
        for (const old of entries.keys()) if (!old.endsWith(`|${current}`)) entries.delete(old);
        for (const old of entries.keys()) {
          if (entries.size <= bound) break;
          entries.delete(old);
        }
      }
      return entry;
    },
  };
}

/** One indicator's row from its window table. */
function profileRow(indicator: Indicator, table: WindowTable, choiceCodes: readonly string[]): ProfileRow {
  const changes: ProfileRow["changes"] = {};
  table.summaries.forEach((perScenario, c) => {
    for (const s of perScenario) {
      changes[s.scenario] ??= {};
      changes[s.scenario][choiceCodes[c]] = {
        median: s.change?.median ?? null,
        p10: s.change?.p10 ?? null,
        p90: s.change?.p90 ?? null,
        count: s.change?.count ?? 0,
        of: s.of,
        agreement: s.agreement,
        ...(s.incomplete ? { incomplete: s.incomplete } : {}),
        ...(s.excluded.length > 0 ? { leftOut: leftOutList(Object.fromEntries(s.excluded.map((e) => [e.model, e]))) } : {}),
      };
    }
  });
  return {
    code: indicator.field_value,
    name: indicator.name.replace(/\s*\(annual average\)$/, ""),
    units: indicator.field_var_unit,
    decimals: windowDecimals(decimalsOf(indicator.field_value)),
    category: indicator.field_category,
    baseline: table.baseline,
    changes,
  };
}
