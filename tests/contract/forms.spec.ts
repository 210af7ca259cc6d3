import { expect, test, type APIRequestContext } from "@playwright/test";
import { request as httpRequest, createServer, type Server } from "node:http";
import { spawn } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { issueFillToken } from "../../server/forms/fill-token.server";
import { CONTACT, DATA_SHARE, exited, formToken, postForm, startFormsPortal, storedReferences, tempDatabase } from "../support/forms";
import { freePort, startPortal } from "../support/portal";
import { startPostgres } from "../support/postgres";
import { rawRequest } from "../support/raw-http";

type Portal = Awaited<ReturnType<typeof startPortal>>;

// Most tests start portals of their own (about 3 s each, much more on a busy machine).
test.describe.configure({ timeout: 120_000 });

const ownPortal = startFormsPortal;

const contactUrl = (portal: Portal) => `${portal.url}/contact/form`;
const shareUrl = (portal: Portal) => `${portal.url}/data/share`;

test.describe("submissions", () => {
  let portal: Awaited<ReturnType<typeof ownPortal>>;
  test.beforeAll(async () => {
    portal = await ownPortal({ FORM_RATE_LIMIT: "100" });
  });
  test.afterAll(() => portal.stop());

  test("the form page carries a signed token and a honeypot people cannot reach", async ({ request }) => {
    const html = await (await request.get(contactUrl(portal))).text();
    expect(html).toMatch(/<form method="post" action="\/contact\/form"/);
    expect(await formToken(request, contactUrl(portal))).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);
    expect(html).toMatch(/<div class="sacap-form__trap" aria-hidden="true"><label for="contact-form-website">[^<]+<\/label><input id="contact-form-website" name="website" type="text" tabindex="-1" autoComplete="off"/);
  });

  test("a valid contact message is stored and answered with 303 to the thank-you page with its reference", async ({ request }) => {
    const response = await postForm(request, contactUrl(portal), CONTACT, { headers: { "X-Forwarded-For": "198.51.100.1" } });
    expect(response.status()).toBe(303);
    const location = response.headers()["location"];
    expect(location).toMatch(/^\/contact\/thankyou\?ref=CT-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const reference = new URL(location, portal.url).searchParams.get("ref")!;
    expect(storedReferences(portal.db.url)).toContain(reference);
    const page = await (await request.get(new URL(location, portal.url).href)).text();
    expect(page).toContain(reference);
    expect(page).toContain("What happens next");
  });

  test("a data-sharing offer goes to the same thank-you page with a DS reference", async ({ request }) => {
    const response = await postForm(request, shareUrl(portal), DATA_SHARE, { headers: { "X-Forwarded-For": "198.51.100.2" } });
    expect(response.status()).toBe(303);
    expect(response.headers()["location"]).toMatch(/^\/contact\/thankyou\?ref=DS-/);
    const page = await (await request.get(new URL(response.headers()["location"], portal.url).href)).text();
    expect(page).toContain("Your dataset offer has been received.");
  });

  test("a form sent twice with one token is stored once; the second answer leads to the first one's reference", async ({ request }) => {
    const before = storedReferences(portal.db.url).length;
    const token = await formToken(request, contactUrl(portal));
    const first = await postForm(request, contactUrl(portal), CONTACT, { token });
    const again = await postForm(request, contactUrl(portal), CONTACT, { token });
    expect(first.status()).toBe(303);
    expect(again.status()).toBe(303);
    const reference = new URL(first.headers()["location"], portal.url).searchParams.get("ref")!;
    expect(again.headers()["location"]).toBe(first.headers()["location"]);
    expect((await (await request.get(new URL(again.headers()["location"], portal.url).href)).text())).toContain(reference);
    // a replay with other text stores nothing either
    expect((await postForm(request, contactUrl(portal), { ...CONTACT, message: "Another message sent with a used token, long enough." }, { token })).headers()["location"]).toBe(first.headers()["location"]);
    const stored = storedReferences(portal.db.url);
    expect(stored).toHaveLength(before + 1);
    expect(stored.filter((ref) => ref === reference)).toHaveLength(1);
  });

  test("invalid fields come back with 400, each message and what was typed", async ({ request }) => {
    const response = await postForm(request, contactUrl(portal), { ...CONTACT, email: "asha@", message: "Too short" });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Email must be a valid email address");
    expect(html).toContain("Message must be at least 20 characters long");
    expect(html).toContain('value="asha@"');
    expect(html).toContain(">Too short</textarea>");
    expect(html).toMatch(/<input type="email" id="contact-form-email" name="email" required="" autofocus="" aria-invalid="true" aria-describedby="contact-form-email-error contact-form-email-hint"/);
    expect(html).toMatch(/role="alert"[^>]*>.*There are 2 problems with this form/);
  });

  test("a filled honeypot is refused and nothing is stored", async ({ request }) => {
    const before = storedReferences(portal.db.url).length;
    const response = await postForm(request, contactUrl(portal), { ...CONTACT, website: "https://spam.example" });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("looks automated and was not accepted");
    expect(storedReferences(portal.db.url)).toHaveLength(before);
  });

  test("a missing or forged token is refused", async ({ request }) => {
    for (const token of ["", "abc.def", "mwq8j9eo.hOm7VLd6NGst4Nikt2z138nt3BfAvTz7R_M1X3C4WYE"]) {
      const response = await postForm(request, contactUrl(portal), CONTACT, { token });
      expect(response.status(), token).toBe(400);
      expect(await response.text()).toContain("This form could not be verified");
    }
  });
});

test("a submission quicker than the minimum fill time is refused; the same form later is accepted", async ({ request }) => {
  const secret = "contract-test-secret-0123456789";
  const portal = await ownPortal({ FORM_MIN_FILL_SECONDS: "10", FORM_SECRET: secret });
  try {
    const token = await formToken(request, contactUrl(portal));
    const tooFast = await postForm(request, contactUrl(portal), CONTACT, { token });
    expect(tooFast.status()).toBe(400);
    const html = await tooFast.text();
    expect(html).toContain("That was quicker than a person can fill in this form");
    // the page keeps the first token, so the time counts from the first view
    expect(html).toContain(`value="${token}"`);
    // a page served 11 seconds ago (its token signed with the server's secret) passes
    const earlier = issueFillToken(secret, "contact", Date.now() - 11_000);
    expect((await postForm(request, contactUrl(portal), CONTACT, { token: earlier })).status()).toBe(303);
  } finally {
    portal.stop();
  }
});

test("the rate limit answers 429 with Retry-After and the time to wait; other clients and errors are not affected", async ({ request }) => {
  const portal = await ownPortal({ FORM_RATE_LIMIT: "3", FORM_RATE_WINDOW_SECONDS: "600" });
  try {
    const asClient = (ip: string) => ({ headers: { "X-Forwarded-For": ip } });
    // validation errors are free
    for (let i = 0; i < 5; i++) expect((await postForm(request, contactUrl(portal), { ...CONTACT, name: "" }, asClient("203.0.113.9"))).status()).toBe(400);
    for (let i = 0; i < 3; i++) expect((await postForm(request, contactUrl(portal), CONTACT, asClient("203.0.113.9"))).status()).toBe(303);
    const limited = await postForm(request, shareUrl(portal), DATA_SHARE, asClient("203.0.113.9"));
    expect(limited.status()).toBe(429);
    const retryAfter = Number(limited.headers()["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    const html = await limited.text();
    expect(html).toMatch(/Too many submissions from your network\. Please try again in \d+ (minutes?|seconds?) \(after \d\d:\d\d UTC\)/);
    expect(html).toContain(`value="${DATA_SHARE.title}"`);
    expect(storedReferences(portal.db.url)).toHaveLength(3);
    // another address is counted apart
    expect((await postForm(request, contactUrl(portal), CONTACT, asClient("203.0.113.10"))).status()).toBe(303);
  } finally {
    portal.stop();
  }
});

test("two app servers on one database share the rate limit", async ({ request }) => {
  const db = tempDatabase();
  const settings = { DATABASE_URL: db.url, FORM_MIN_FILL_SECONDS: "0", FORM_RATE_LIMIT: "2" };
  const one = await startPortal(settings);
  const two = await startPortal(settings);
  try {
    const as = { headers: { "X-Forwarded-For": "192.0.2.44" } };
    expect((await postForm(request, `${one.url}/contact/form`, CONTACT, as)).status()).toBe(303);
    expect((await postForm(request, `${two.url}/contact/form`, CONTACT, as)).status()).toBe(303);
    // a token of one server is good on the other: they share the secret kept in the database
    const token = await formToken(request, `${one.url}/contact/form`);
    expect((await postForm(request, `${two.url}/contact/form`, CONTACT, { ...as, token })).status()).toBe(429);
  } finally {
    one.process.kill();
    two.process.kill();
    db.remove();
  }
});

test.describe("one token sent to two app servers at once is stored once", () => {
  for (const store of ["sqlite", "postgres"] as const) {
    test(store, async ({ request }) => {
      let database: { url: string; stop: () => void };
      if (store === "postgres") {
        const started = await startPostgres();
        test.skip("skip" in started, "skip" in started ? started.skip : "");
        database = started as { url: string; stop: () => void };
      } else {
        const db = tempDatabase();
        database = { url: db.url, stop: db.remove };
      }
      const settings = { DATABASE_URL: database.url, FORM_MIN_FILL_SECONDS: "0" };
      const [one, two] = await Promise.all([startPortal(settings), startPortal(settings)]);
      try {
        const token = await formToken(request, `${one.url}/data/share`);
        const answers = await Promise.all([
          postForm(request, `${one.url}/data/share`, DATA_SHARE, { token }),
          postForm(request, `${two.url}/data/share`, DATA_SHARE, { token }),
        ]);
        expect(answers.map((answer) => answer.status())).toEqual([303, 303]);
        expect(answers[1].headers()["location"]).toBe(answers[0].headers()["location"]);
        const reference = new URL(answers[0].headers()["location"], one.url).searchParams.get("ref")!;
        expect(storedReferences(database.url)).toEqual([reference]);
      } finally {
        one.process.kill();
        two.process.kill();
        await Promise.all([exited(one.process), exited(two.process)]);
        database.stop();
      }
    });
  }
});

test.describe("request guards", () => {
  test("a body over the size limit is refused with 413 before it is read", async ({ request }) => {
    const big = "x".repeat(200_000);
    const response = await request.post("/contact/form", {
      form: { ...CONTACT, message: big },
      headers: { Origin: "http://localhost" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(413);
    expect(await response.text()).toContain("Request too large");
  });

  test("a streamed body without Content-Length is cut off at the limit with 413", async ({ baseURL }) => {
    const url = new URL("/contact/form", baseURL);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { Origin: url.origin, "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on("error", reject);
      // 160 KB in chunks, over the 128 KB limit, and then the body is left open: the server must answer
      // without waiting for the end of a body it has already refused.
      for (let i = 0; i < 10; i++) req.write("message=" + "y".repeat(16_384));
    });
    expect(status).toBe(413);
  });

  test("posts from another site, or that say nothing of where they come from, are refused with 403", async ({ request, baseURL }) => {
    const token = await formToken(request, "/contact/form");
    const post = (headers: Record<string, string>) =>
      request.post("/contact/form", { form: { ...CONTACT, formToken: token }, headers, maxRedirects: 0 });
    const foreign = await post({ Origin: "https://evil.example" });
    expect(foreign.status()).toBe(403);
    expect(await foreign.text()).toContain("can only be sent from its own pages");
    expect((await post({ Referer: "https://evil.example/form" })).status()).toBe(403);
    expect((await post({ Origin: "null" })).status()).toBe(403);
    expect((await post({})).status()).toBe(403);
    expect((await request.post("/data/share", { form: DATA_SHARE, headers: { Origin: "https://evil.example" }, maxRedirects: 0 })).status()).toBe(403);
    // the portal's own pages pass (the shared server's validation answers: nothing is stored)
    expect((await post({ Referer: `${baseURL}/contact/form`, "X-Forwarded-For": "192.0.2.200" })).status()).not.toBe(403);
  });
});

test("a Host header carrying a path is refused and stores nothing (the guards judge the URL routing uses)", async ({ request }) => {
  const portal = await startFormsPortal();
  try {
    const port = new URL(portal.url).port;
    const token = await formToken(request, `${portal.url}/contact/form`);
    const body = new URLSearchParams({ ...CONTACT, formToken: token }).toString();
    const post = (host: string, target = "/api/zzz") =>
      rawRequest(Number(port), {
        method: "POST",
        target,
        headers: [
          ["Host", host],
          ["Content-Type", "application/x-www-form-urlencoded"],
          ["Content-Length", String(Buffer.byteLength(body))],
        ],
        body,
      });
    for (const host of ["evil.example/contact/form?", `localhost:${port}/contact/form?`, "evil.example:99999", "a b"]) {
      const answer = await post(host);
      expect(answer.status, host).toBe(400);
    }
    const forwarded = await rawRequest(Number(port), {
      method: "POST",
      target: "/api/zzz",
      headers: [
        ["Host", `localhost:${port}`],
        ["X-Forwarded-Host", "evil.example/contact/form?"],
        ["Content-Type", "application/x-www-form-urlencoded"],
        ["Content-Length", String(Buffer.byteLength(body))],
      ],
      body,
    });
    expect(forwarded.status).toBe(400);
    expect(storedReferences(portal.db.url)).toEqual([]);
    // an ordinary host still works
    expect((await rawRequest(Number(port), { method: "GET", target: "/healthz", headers: [["Host", `localhost:${port}`]] })).status).toBe(200);
  } finally {
    portal.stop();
  }
});

test.describe("database problems", () => {
  test("an unreachable database: the page warns, the POST answers 503 with what was typed, nothing crashes", async ({ request }) => {
    const db = tempDatabase();
    writeFileSync(path.join(db.dir, "not-a-folder"), "");
    const portal = await startPortal({ DATABASE_URL: `file:${path.join(db.dir, "not-a-folder", "sacap.db")}`, FORM_MIN_FILL_SECONDS: "0" });
    try {
      const page = await (await request.get(`${portal.url}/contact/form`)).text();
      expect(page).toContain("Submissions may not be saved right now");
      await new Promise((r) => setTimeout(r, 2100)); // past the retry pause
      const response = await postForm(request, `${portal.url}/contact/form`, CONTACT);
      expect(response.status()).toBe(503);
      expect(response.headers()["retry-after"]).toBe("60");
      const html = await response.text();
      expect(html).toContain("our database is unavailable");
      expect(html).toContain(`value="${CONTACT.name}"`);
      expect(html).toContain(`${CONTACT.message}</textarea>`);
      expect((await request.get(`${portal.url}/healthz`)).status()).toBe(200);
      expect(portal.output()).toContain("unavailable");
    } finally {
      portal.process.kill();
      db.remove();
    }
  });

  test("a database locked by another process: pages keep answering at once, the form answers 503 with Retry-After and the text", async ({ request }) => {
    const portal = await startFormsPortal();
    const file = portal.db.url.slice("file:".length);
    // a second process holds a write lock on the file for 8 s
    const holder = spawn(
      process.execPath,
      ["-e", `const D = require("better-sqlite3"); const db = new D(${JSON.stringify(file)}); db.exec("BEGIN IMMEDIATE"); db.exec("DELETE FROM rate_limits"); console.log("locked"); setTimeout(() => { db.exec("COMMIT"); db.close(); }, 8000);`],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      await new Promise<void>((resolve) => holder.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve()));
      const token = await formToken(request, `${portal.url}/contact/form`);
      const posting = request.post(`${portal.url}/contact/form`, {
        form: { ...CONTACT, formToken: token },
        headers: { Origin: portal.url },
        maxRedirects: 0,
        timeout: 20_000,
      });
      // while the form waits for the lock, other requests are answered without waiting for it
      await new Promise((r) => setTimeout(r, 300));
      for (const path of ["/healthz", "/", "/api/cmip6/list/scenarios"]) {
        const started = Date.now();
        expect((await request.get(`${portal.url}${path}`)).status()).toBe(200);
        expect(Date.now() - started, path).toBeLessThan(1500);
      }
      const response = await posting;
      expect(response.status()).toBe(503);
      expect(response.headers()["retry-after"]).toBeDefined();
      const html = await response.text();
      expect(html).toContain("our database is unavailable");
      expect(html).toContain(`${CONTACT.message}</textarea>`);
    } finally {
      holder.kill();
      portal.stop();
    }
  });

  test("a database file removed while the portal runs: no reference without the row in the file at DATABASE_URL, and every acknowledged one is there after a restart", async ({ request }) => {
    const db = tempDatabase();
    const file = db.url.slice("file:".length);
    const settings = { DATABASE_URL: db.url, FORM_MIN_FILL_SECONDS: "0" };
    const portal = await startPortal(settings);
    const rowsInFile = (reference: string) => {
      if (!existsSync(file)) return 0;
      const sqlite = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
      try {
        return (sqlite.prepare("SELECT count(*) AS n FROM submissions WHERE reference = ?").get(reference) as { n: number }).n;
      } finally {
        sqlite.close();
      }
    };
    const acknowledged: string[] = [];
    try {
      expect((await postForm(request, `${portal.url}/contact/form`, CONTACT)).status()).toBe(303);
      for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
      // people keep sending: each answer is the "cannot save" page with the text, or a reference whose row is in the file
      const deadline = Date.now() + 20_000;
      for (let i = 0; acknowledged.length === 0; i++) {
        expect(Date.now(), "the portal saves submissions again").toBeLessThan(deadline);
        const name = `Asha Rana ${i}`;
        const response = await postForm(request, `${portal.url}/contact/form`, { ...CONTACT, name });
        if (response.status() === 303) {
          const reference = new URL(response.headers()["location"], portal.url).searchParams.get("ref")!;
          expect(rowsInFile(reference), reference).toBe(1);
          acknowledged.push(reference);
        } else {
          expect(response.status()).toBe(503);
          const html = await response.text();
          expect(html).toContain("our database is unavailable");
          expect(html).toContain(`value="${name}"`);
          expect(html).toContain(`${CONTACT.message}</textarea>`);
          await new Promise((r) => setTimeout(r, 500));
        }
      }
      expect(portal.output()).toContain("was removed or replaced while open");
    } finally {
      portal.process.kill();
      await exited(portal.process);
    }
    const restarted = await startPortal(settings);
    try {
      expect(storedReferences(db.url)).toEqual(acknowledged);
      expect((await postForm(request, `${restarted.url}/contact/form`, CONTACT)).status()).toBe(303);
    } finally {
      restarted.process.kill();
      db.remove();
    }
  });

  test("a read-only database: 503 with the same message", async ({ request }) => {
    const db = tempDatabase();
    const writer = await startPortal({ DATABASE_URL: db.url });
    writer.process.kill();
    await exited(writer.process);
    const portal = await startPortal({ DATABASE_URL: `${db.url}?mode=ro`, FORM_MIN_FILL_SECONDS: "0" });
    try {
      const response = await postForm(request, `${portal.url}/data/share`, DATA_SHARE);
      expect(response.status()).toBe(503);
      expect(await response.text()).toContain("our database is unavailable");
    } finally {
      portal.process.kill();
      db.remove();
    }
  });
});

test("retention deletes submissions older than the setting at start-up", async ({ request }) => {
  const db = tempDatabase();
  const first = await startPortal({ DATABASE_URL: db.url, FORM_MIN_FILL_SECONDS: "0" });
  const response = await postForm(request, `${first.url}/contact/form`, CONTACT);
  // the answer itself when the message was not stored, so that a refusal names its reason
  expect(response.status(), await response.text()).toBe(303);
  const recent = new URL(response.headers()["location"], first.url).searchParams.get("ref")!;
  first.process.kill();
  await exited(first.process);
  const sqlite = new BetterSqlite3(db.url.slice("file:".length));
  sqlite
    .prepare("INSERT INTO submissions (reference, kind, created_at, payload) VALUES (?, 'contact', ?, '{}')")
    .run("CT-OLD0-0000-0000-0000", Date.now() - 40 * 86_400_000);
  sqlite.close();
  expect(storedReferences(db.url)).toEqual(["CT-OLD0-0000-0000-0000", recent]);
  const second = await startPortal({ DATABASE_URL: db.url, SUBMISSION_RETENTION_DAYS: "30" });
  try {
    expect(storedReferences(db.url)).toEqual([recent]);
    expect(second.output()).toContain("retention: deleted 1 submission");
  } finally {
    second.process.kill();
    db.remove();
  }
});

test.describe("bot check (configured)", () => {
  let verifier: Server;
  let verifyUrl: string;
  const seen: URLSearchParams[] = [];
  test.beforeAll(async () => {
    const port = await freePort();
    verifier = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const params = new URLSearchParams(body);
        seen.push(params);
        const token = params.get("response");
        if (token === "broken") {
          res.statusCode = 500;
          res.end("oops");
          return;
        }
        res.setHeader("Content-Type", "application/json");
        res.end(JSON.stringify(token === "good" ? { success: true, score: 0.9, action: "contact" } : { success: true, score: 0.1, action: "contact" }));
      });
    });
    await new Promise<void>((resolve) => verifier.listen(port, "127.0.0.1", resolve));
    verifyUrl = `http://127.0.0.1:${port}/recaptcha/api/siteverify`;
  });
  test.afterAll(() => new Promise<void>((resolve) => verifier.close(() => resolve())));

  const captchaPortal = (url: string) =>
    ownPortal({ CAPTCHA_SITE_KEY: "site-key", CAPTCHA_SECRET: "the-secret", CAPTCHA_VERIFY_URL: url, FORM_RATE_LIMIT: "100" });
  const send = (request: APIRequestContext, portal: Portal, captchaToken?: string) =>
    postForm(request, contactUrl(portal), captchaToken === undefined ? CONTACT : { ...CONTACT, captchaToken });

  test("the server verifies the token with the secret and refuses missing or low-scoring ones", async ({ request }) => {
    const portal = await captchaPortal(verifyUrl);
    try {
      const missing = await send(request, portal);
      expect(missing.status()).toBe(400);
      expect(await missing.text()).toContain("The bot check did not run");
      const low = await send(request, portal, "bad");
      expect(low.status()).toBe(400);
      expect(await low.text()).toContain("The bot check did not accept this submission");
      expect((await send(request, portal, "good")).status()).toBe(303);
      const last = seen[seen.length - 1];
      expect(last.get("secret")).toBe("the-secret");
      expect(last.get("response")).toBe("good");
    } finally {
      portal.stop();
    }
  });

  test("it fails closed with 503 when the provider errs or cannot be reached", async ({ request }) => {
    const portal = await captchaPortal(verifyUrl);
    const unreachable = await captchaPortal(`http://127.0.0.1:${await freePort()}/siteverify`);
    try {
      const broken = await send(request, portal, "broken");
      expect(broken.status()).toBe(503);
      expect(await broken.text()).toContain("The bot check service did not answer");
      expect((await send(request, unreachable, "good")).status()).toBe(503);
      expect(storedReferences(unreachable.db.url)).toEqual([]);
    } finally {
      portal.stop();
      unreachable.stop();
    }
  });
});
