import { modelMember } from "../../app/features/cmip6/warmingLevels";
import { scenarioPeriod } from "../../app/features/cmip6/seriesQuery";
import { SOUTH_ASIA_AXES } from "../../app/features/grids/grid";
import { loadGeoFeatures, shippedGeoDir } from "../places/outlines.server";
import type { Seeds } from "../seeds.server";
import pg from "pg";
import { openQueue } from "../series/queue/boss.server";
import type { ComputeRunner } from "./compute";
import { DEFAULT_JOB_LIMITS, OnDemandJobs, type JobLimits, type OnDemandService } from "./jobs.server";
import { DiskResults } from "./results.server";
import { QueuedOnDemandJobs } from "./queue.server";
import { RegionResolver } from "./regions.server";
import type { RequestCatalog } from "./request";
import { createDailySource, type DailySource } from "./source";

/**
 * The on-demand jobs of this portal: requests checked against the seeds' catalogue (places, models,
 * scenarios, the warming-level table), regions on the 0.25° South Asia grid from the places' outlines, and
 * days from `source` (by default `createDailySource`: the daily store of `dailyDir`, or the sample generator).
 * Kept and computed in this portal (`OnDemandJobs`, with `runner`'s threads; results on disk in
 * `resultsDir`, else in memory), or with `queue` (the database
 * of a PostgreSQL SERIES_DB) on the queue every app server and worker shares (`QueuedOnDemandJobs`), whose
 * computations this portal's threads take too.
 */
export async function createOnDemandJobs(
  seeds: Pick<Seeds, "geos" | "cmip6Models" | "scenarios" | "warmingLevels" | "modelVariables">,
  options: { source?: DailySource; dailyDir?: string; limits?: Partial<JobLimits>; runner?: ComputeRunner; queue?: { url: string; lease: number }; resultsDir?: string } = {},
): Promise<{ jobs: OnDemandService; catalog: RequestCatalog }> {
  const future = seeds.scenarios.filter((s) => s.field_value !== "historical");
  const periods = future.map(scenarioPeriod);
  const catalog: RequestCatalog = {
    scenarios: future.map((s) => s.field_value),
    models: seeds.cmip6Models.map(modelMember),
    places: new Set(seeds.geos.map((g) => g.field_value)),
    warmingLevels: seeds.warmingLevels,
    grid: SOUTH_ASIA_AXES,
    years: { start: Math.min(...periods.map((p) => p.start)), end: Math.max(...periods.map((p) => p.end)) },
  };
  const features = loadGeoFeatures(shippedGeoDir(), seeds);
  const countries = seeds.geos.filter((g) => g.field_geotype === "Country").map((g) => g.field_value);
  const regions = new RegionResolver(SOUTH_ASIA_AXES, features, countries, new Map(seeds.geos.map((g) => [g.field_value, g.name])));
  const source = options.source ?? (await createDailySource(seeds, options.dailyDir));
  const common = { catalog, regions, source, warmingLevels: seeds.warmingLevels, limits: options.limits, runner: options.runner };
  if (!options.queue) {
    const results = options.resultsDir ? new DiskResults(options.resultsDir, (options.limits?.resultBytes ?? DEFAULT_JOB_LIMITS.resultBytes)) : undefined;
    return { jobs: new OnDemandJobs({ ...common, results }), catalog };
  }
  const pool = new pg.Pool({ connectionString: options.queue.url, max: 4 });
  const boss = await openQueue({ url: options.queue.url });
  const jobs = await QueuedOnDemandJobs.open({ ...common, pool, boss, lease: options.queue.lease, dailyDir: options.dailyDir });
  return { jobs, catalog };
}
