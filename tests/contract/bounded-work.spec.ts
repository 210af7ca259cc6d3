import { expect, test } from "@playwright/test";
import fc from "fast-check";
import { PAGE_PARAMETERS } from "../../app/features/navigation/page-parameters";
import { PORTAL_ROUTES } from "../../app/features/navigation/routes";
import { startFormsPortal } from "../support/forms";
import { rawRequest, type RawResponse } from "../support/raw-http";

/**
 * Numbers a request carries cannot buy unbounded work. Every parameter of every /api endpoint (from the
 * portal's own OpenAPI document, with its example request's values) and every parameter a page reads
 * (`PAGE_PARAMETERS`, and a data table's `page` and `size`) is sent numbers at their extremes: the largest
 * and smallest doubles, subnormals, integers past 2^53, pairs equal to within a unit of the last place
 * (`min,max`), year ranges, NaN-ish text. Every answer must be a non-5xx given within three seconds (the
 * fuzz test's bound for pathological input, which ordinary answers stay well inside even on a busy machine:
 * not a timing budget), and the portal must still answer `/healthz`.
 *
 * First every parameter at each of a fixed list of extremes (`EXTREMES`), then, for each endpoint and page,
 * requests fast-check generates (`fc.double`, `fc.integer`, `fc.bigInt`, near-equal pairs) over random
 * combinations of its parameters: BOUNDED_SEED replays a run, BOUNDED_RUNS sends more to each. A third
 * test sends the colour-scale inputs that once spun the main thread until the process died, and then asks
 * for `/healthz`.
 */
const SEED = Number(process.env.BOUNDED_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Generated requests to each endpoint and page. */
const RUNS = Number(process.env.BOUNDED_RUNS ?? 10);
/** The bound of one answer, sent alone (requests here go one at a time). */
const ALONE_WITHIN_MS = 3000;
/** How long a request may go unanswered before it counts as never answered. */
const GIVE_UP_MS = 10_000;

test.describe.configure({ timeout: 300_000 });

/** The double `steps` representable numbers above `x` (finite): a pair no decimal text between them separates. */
function nextUp(x: number, steps: number): number {
  const bits = new BigInt64Array(new Float64Array([x === 0 ? 0 : x]).buffer);
  bits[0] += BigInt(x >= 0 ? steps : -steps);
  return new Float64Array(bits.buffer)[0];
}

const EXTREMES = [
  "1e308",
  "-1e308",
  "1e-320",
  String(2 ** 53 + 1),
  "-99999999999",
  "NaN",
  "0x7E4",
  "3,3.0000000000000004",
  "-1e308,1e308",
  "0-99999999",
];

/** One number as a URL may carry it: any double (NaN, infinities, subnormals), integers of any size, years, odd spellings. */
const numberText = fc.oneof(
  fc.double().map(String),
  fc.integer().map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.integer({ min: 1800, max: 2200 }).map(String),
  fc.constantFrom("1e308", "-1e308", "1e-320", "5e-324", "1e999", "9007199254740993", "-0", "0x10", " 7 ", "1_000", "Infinity", "NaN", ""),
);
/** A value of a numeric parameter: a number, a pair (`min,max`, also two doubles a few units of the last place apart), a range of years, a level. */
const numericValue = fc.oneof(
  { arbitrary: numberText, weight: 3 },
  { arbitrary: fc.tuple(numberText, numberText).map(([a, b]) => `${a},${b}`), weight: 2 },
  { arbitrary: fc.tuple(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 1, max: 4 })).map(([x, n]) => `${x},${nextUp(x, n)}`), weight: 3 },
  { arbitrary: fc.tuple(numberText, numberText).map(([a, b]) => `${a}-${b}`), weight: 1 },
  { arbitrary: numberText.map((n) => `gwl:${n}`), weight: 1 },
);

interface Parameter {
  name: string;
  example?: string;
  required: boolean;
}
interface Target {
  path: string;
  params: Parameter[];
  /** A page (its parameters fall back on their own) or an /api endpoint (its first bad parameter is a 400). */
  page: boolean;
}

/** The /api endpoints of the portal's OpenAPI document, each with its parameters and their example values. */
async function apiTargets(port: number): Promise<Target[]> {
  // the document's examples are computed on its first request (seconds on a busy machine): not what is measured here
  const document = JSON.parse((await rawRequest(port, { method: "GET", target: "/api/openapi.json" }, 60_000)).body) as {
    paths: Record<string, { get?: { parameters?: { name: string; in: string; required?: boolean; example?: unknown }[] } }>;
  };
  const text = (value: unknown) => (value === undefined ? undefined : Array.isArray(value) ? value.join(",") : String(value));
  return Object.entries(document.paths).flatMap(([path, operations]) => {
    const parameters = operations.get?.parameters ?? [];
    let concrete = path;
    for (const p of parameters.filter((p) => p.in === "path")) concrete = concrete.replace(`{${p.name}}`, encodeURIComponent(text(p.example) ?? "x"));
    const params = parameters.filter((p) => p.in === "query").map((p) => ({ name: p.name, example: text(p.example), required: p.required ?? false }));
    return [{ path: concrete, params, page: false }];
  });
}

/** The pages of the route registry, and the views that read a parameter only in a context (the map viewer's grid, the explorer's spread). */
const PAGE_BASES = [
  ...PORTAL_ROUTES.map((route) => route.example ?? route.path).filter((path) => !path.includes(":")),
  "/cmip6-viewer?geotype=Grid&indicator=tas",
  "/cmip6-viewer?geotype=Basin&show=change",
  "/cmip6-data?indicator=tas&geo=NPL",
  "/cmip6-data?indicator=spi&geo=NPL&view=change",
  "/cmip6-data?view=spread",
  "/analytics/climate-crop/climate-variability?geo=NPL",
  "/analytics/climate-livestock?geo=PAK",
  "/api/views/cmip6-viewer?geotype=Grid&indicator=tas",
  "/api/views/cmip6-data?indicator=tas&geo=NPL",
];
const TABLE_PARAMETERS = ["page", "size", "t.page", "t.size", "csv.page", "csv.size"];

function pageTargets(): Target[] {
  return PAGE_BASES.map((base) => {
    const [path, query = ""] = base.split("?");
    const fixed = [...new URLSearchParams(query)].map(([name, example]) => ({ name, example, required: true }));
    const free = [...PAGE_PARAMETERS, ...TABLE_PARAMETERS].filter((name) => !fixed.some((p) => p.name === name)).map((name) => ({ name, required: false }));
    return { path, params: [...fixed, ...free], page: true };
  });
}

const address = (path: string, values: [string, string][]) => (values.length ? `${path}?${new URLSearchParams(values)}` : path);
/** A target's parameters that have an example value, with it. */
const examplesOf = (t: Target) => t.params.flatMap((p) => (p.example === undefined ? [] : [[p.name, p.example] as [string, string]]));

/** Whether the portal still answers `/healthz` within a second. */
const alive = (port: number) =>
  rawRequest(port, { method: "GET", target: "/healthz" }, 1000).then(
    (r) => r.status === 200,
    () => false,
  );

/** Sends one GET; a slow answer is sent again before it counts (the machine may be busy with other suites). */
async function answer(port: number, target: string): Promise<{ response?: RawResponse; problem?: string }> {
  let last: string | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    let response: RawResponse;
    try {
      response = await rawRequest(port, { method: "GET", target }, GIVE_UP_MS);
    } catch (error) {
      return { problem: (error as Error).message };
    }
    if (response.status >= 500 || !(response.status >= 100)) return { response, problem: `status ${response.status}: ${response.body.slice(0, 200)}` };
    if (response.ms <= ALONE_WITHIN_MS) return { response };
    last = `took ${Math.round(response.ms)} ms`;
  }
  return { problem: `${last} twice` };
}

test.describe("bounded work for any number a request carries", () => {
  test.describe.configure({ mode: "default" });
  let portal: Awaited<ReturnType<typeof startFormsPortal>>;
  let port: number;
  let targets: Target[];

  test.beforeAll(async () => {
    portal = await startFormsPortal({ NODE_ENV: "production" });
    port = Number(new URL(portal.url).port);
    targets = [...(await apiTargets(port)), ...pageTargets()];
    // first answers compute fields and fill caches: warm every target once, with its example values
    for (const t of targets) await rawRequest(port, { method: "GET", target: address(t.path, examplesOf(t)) }, 30_000).catch(() => undefined);
  });
  test.afterAll(() => portal?.stop());

  test("every parameter of every endpoint and page at its extremes: non-5xx, each within three seconds", async () => {
    const failures: string[] = [];
    const requests: string[] = [];
    for (const t of targets) {
      const examples = examplesOf(t);
      for (const value of EXTREMES) {
        if (t.page) {
          // a page falls back per parameter: every parameter it may read at once
          requests.push(address(t.path, [...examples, ...t.params.filter((p) => !p.required).map((p) => [p.name, value] as [string, string])]));
        } else {
          // an endpoint refuses the first bad parameter: one at a time, the others as in its example
          for (const p of t.params) requests.push(address(t.path, [...examples.filter(([name]) => name !== p.name), [p.name, value]]));
        }
      }
    }
    for (const target of requests) {
      const { problem } = await answer(port, target);
      if (!problem) continue;
      failures.push(`${target}: ${problem}`);
      if (!(await alive(port))) {
        failures.push("and the portal no longer answers /healthz");
        break;
      }
      if (failures.length >= 20) break;
    }
    console.log(`bounded work: ${requests.length} requests over ${targets.length} endpoints and pages`);
    expect(failures).toEqual([]);
    expect(await alive(port)).toBe(true);
  });

  test("generated numbers over random combinations of each endpoint's and page's parameters: non-5xx, each within three seconds", async () => {
    console.log(`bounded work: seed ${SEED}, ${RUNS} requests to each of ${targets.length} endpoints and pages (replay with BOUNDED_SEED=${SEED})`);
    for (const t of targets) {
      // per parameter: left out (unless the endpoint or the page's context needs it), its example value, or a generated number
      const request = fc
        .tuple(
          ...t.params.map((p) =>
            fc.oneof(
              ...(p.required ? [] : [{ arbitrary: fc.constant(undefined), weight: 2 }]),
              ...(p.example === undefined ? [] : [{ arbitrary: fc.constant(p.example), weight: 2 }]),
              { arbitrary: numericValue, weight: 3 },
            ),
          ),
        )
        .map((values) => address(t.path, t.params.flatMap((p, i) => (values[i] === undefined ? [] : [[p.name, values[i]!] as [string, string]]))));
      await fc.assert(
        fc.asyncProperty(request, async (target) => {
          const { problem } = await answer(port, target);
          expect(problem, `${target} (seed ${SEED})`).toBeUndefined();
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    }
    expect(await alive(port)).toBe(true);
    expect(portal.output()).not.toMatch(/uncaught|unhandled|fatal/i);
  });
});

test("the colour-scale inputs that spun the server until it died are refused, and the server stays alive", async () => {
  const portal = await startFormsPortal({ NODE_ENV: "production" });
  const port = Number(new URL(portal.url).port);
  try {
    // the first grid page computes the sample field (seconds on a busy machine): not what is measured here
    expect((await rawRequest(port, { method: "GET", target: "/cmip6-viewer?geotype=Grid&indicator=tas" }, 60_000)).status).toBe(200);
    const results: string[] = [];
    for (const target of [
      "/api/cmip6/grid/image.png?indicator=tas&scale=3,3.0000000000000004",
      "/api/cmip6/grid/image.png?indicator=tas&scale=-1e308,1e308",
      "/cmip6-viewer?geotype=Grid&indicator=tas&scale=3,3.0000000000000004",
    ]) {
      // a bounded wait: the old code never answered, and the test must end all the same
      const response = await rawRequest(port, { method: "GET", target }, 5000).catch((error: Error) => error.message);
      results.push(`${target} -> ${typeof response === "string" ? response : response.status}`);
      if (typeof response !== "string" && response.status === 400) expect(JSON.parse(response.body).error.details.field).toBe("scale");
    }
    expect(results).toEqual([
      "/api/cmip6/grid/image.png?indicator=tas&scale=3,3.0000000000000004 -> 400",
      "/api/cmip6/grid/image.png?indicator=tas&scale=-1e308,1e308 -> 400",
      // the page shows the field on its fitted scale
      "/cmip6-viewer?geotype=Grid&indicator=tas&scale=3,3.0000000000000004 -> 200",
    ]);
    const health = await rawRequest(port, { method: "GET", target: "/healthz" }, 1000).catch((error: Error) => error.message);
    expect(typeof health === "string" ? health : health.status).toBe(200);
    expect(portal.process.exitCode).toBeNull();
  } finally {
    portal.stop();
  }
});
