import { expect, test } from "@playwright/test";
import { CONTACT, exited, exportSubmissions, formToken, postForm } from "../support/forms";
import { startNginx, type Nginx } from "../support/nginx.mjs";
import { startPortal } from "../support/portal";
import { startPostgres, type Postgres } from "../support/postgres";
import { rawRequest } from "../support/raw-http";

/**
 * docs/deployment.md: two app servers behind nginx (deploy/nginx/sacap.conf, rendered as documented)
 * sharing one PostgreSQL, all on loopback and thrown away afterwards.
 */
// One PostgreSQL, one nginx and two app servers for both tests (in one worker).
test.describe.configure({ mode: "serial", timeout: 180_000 });

type Portal = Awaited<ReturnType<typeof startPortal>>;

let pg: Postgres | undefined;
let nginx: Nginx | undefined;
let one: Portal | undefined;
let two: Portal | undefined;
let skip: string | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const started = await startPostgres();
  if ("skip" in started) {
    skip = started.skip;
    return;
  }
  pg = started;
  const settings = { DATABASE_URL: pg.url, FORM_MIN_FILL_SECONDS: "0", FORM_RATE_LIMIT: "3", LOG_REQUESTS: "true" };
  // started together: the migrations run once under PostgreSQL's advisory lock
  [one, two] = await Promise.all([startPortal(settings), startPortal(settings)]);
  const proxy = await startNginx([new URL(one.url).host, new URL(two.url).host]);
  if ("skip" in proxy) {
    skip = proxy.skip;
    return;
  }
  nginx = proxy;
});

test.afterAll(async () => {
  await nginx?.stop();
  one?.process.kill();
  two?.process.kill();
  await Promise.all([one, two].filter(Boolean).map((portal) => exited(portal!.process)));
  pg?.stop();
});

const postsTo = (portal: Portal) =>
  portal
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes('"method":"POST"') && line.includes('"path":"/contact/form"'))
    .map((line) => JSON.parse(line).status as number);
const references = () => {
  const result = exportSubmissions(pg!.url);
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { reference: string }[]).map((row) => row.reference);
};
const refOf = (location: string) => new URL(location, "http://x").searchParams.get("ref")!;

test("a submission made through one app server is exported, and its page sent, through the other", async ({ request }) => {
  test.skip(Boolean(skip), skip);
  const client = { headers: { "X-Forwarded-For": "198.51.100.7" } };
  const first = await postForm(request, `${one!.url}/contact/form`, CONTACT, client);
  expect(first.status()).toBe(303);
  // a page served by one, sent to the other: they share the form secret kept in the database
  const token = await formToken(request, `${one!.url}/contact/form`);
  const second = await postForm(request, `${two!.url}/contact/form`, { ...CONTACT, name: "Bikash Thapa" }, { ...client, token });
  expect(second.status()).toBe(303);
  const stored = references();
  expect(stored).toContain(refOf(first.headers()["location"]));
  expect(stored).toContain(refOf(second.headers()["location"]));
  // the thank-you page of a reference from one server, from the other
  const thanks = await (await request.get(`${two!.url}${first.headers()["location"]}`)).text();
  expect(thanks).toContain(refOf(first.headers()["location"]));
});

test("behind nginx: a host a client names never reaches another visitor's page", async () => {
  test.skip(Boolean(skip), skip);
  const port = Number(new URL(nginx!.url).port);
  // the API page's first render computes its live examples: seconds on a busy machine
  const get = (headers: [string, string][] = []) => rawRequest(port, { method: "GET", target: "/api-docs", headers }, 30_000);
  // nginx refuses names other than its server name, but passes the server name with any port on (as Host
  // and X-Forwarded-Host); asked for often enough that each server would keep it
  for (let i = 0; i < 4; i++) expect((await get([["Host", "127.0.0.1:1"]])).body).toContain("http://127.0.0.1:1/api/");
  for (let i = 0; i < 2; i++) {
    const plain = await get();
    expect(plain.status).toBe(200);
    expect(plain.body).not.toContain("127.0.0.1:1/");
    expect(plain.body).toContain(`http://127.0.0.1:${port}/api/`);
  }
});

test("behind nginx: a client's pages and posts go to one server, the rate limit holds, and when that server stops the other answers", async ({ request }) => {
  test.skip(Boolean(skip), skip);
  const before = [postsTo(one!).length, postsTo(two!).length];
  const answers: number[] = [];
  const refs: string[] = [];
  for (let i = 0; i < 5; i++) {
    // a token from a page (any server's), posted through nginx as a browser on nginx's site would;
    // a client's own X-Forwarded-For must not give it a fresh allowance
    const token = await formToken(request, `${one!.url}/contact/form`);
    const response = await postForm(request, `${nginx!.url}/contact/form`, CONTACT, { token, headers: { "X-Forwarded-For": `203.0.113.${i}` } });
    answers.push(response.status());
    if (response.status() === 303) refs.push(refOf(response.headers()["location"]));
  }
  expect(answers).toEqual([303, 303, 303, 429, 429]);
  // one client, one server (nginx hashes the client's address): all five posts on one of them (their log
  // lines may arrive a moment later), so its per-client lines see all of the client's requests
  const logged = () => [postsTo(one!).slice(before[0]), postsTo(two!).slice(before[1])];
  await expect.poll(() => logged().flat().length).toBe(5);
  const seen = logged();
  expect(seen.filter((posts) => posts.length > 0), nginx!.log()).toHaveLength(1);
  expect([...seen[0], ...seen[1]].sort()).toEqual([303, 303, 303, 429, 429]);
  const [itsServer, otherServer] = seen[0].length > 0 ? [one!, two!] : [two!, one!];
  const stored = references();
  for (const ref of refs) expect(stored).toContain(ref);

  // documents through nginx keep their security headers and a nonce of their own
  const page = await request.get(`${nginx!.url}/cmip6-data`);
  expect(page.status()).toBe(200);
  expect(page.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);

  // the client's server stops: nginx sends its pages to the other
  itsServer.process.kill("SIGTERM");
  await exited(itsServer.process);
  for (let i = 0; i < 6; i++) expect((await request.get(`${nginx!.url}/healthz`)).status()).toBe(200);
  expect((await request.get(`${nginx!.url}/`)).status()).toBe(200);
  expect(otherServer.process.exitCode).toBeNull();
});
