import type { Calendar } from "../../series/ingest/calendar";
import { testValue, writeDailyRun } from "./write-daily";

/**
 * A writer process of the tests (`npx vite-node server/ondemand/testing/write-daily-child.ts DIR MODEL
 * CALENDAR START END`): writes MODEL's ssp245 run of tasmax and pr, a year per set, `testValue` values.
 */
const [dir, model, calendar, start, end] = process.argv.slice(2);
for (let year = Number(start); year <= Number(end); year++) {
  await writeDailyRun(dir, { model, calendar: calendar as Calendar, rows: [60, 80], columns: [80, 100], years: [year, year], variables: ["tasmax", "pr"], value: (v, y, d, c) => testValue(model, v, y, d, c) });
}
process.stdout.write(`${model} done\n`);
