import { writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import type { Page } from "@playwright/test";
import { CONTACT, DATA_SHARE, exited, startFormsPortal, storedReferences, tempDatabase } from "../support/forms";
import { freePort, startPortal } from "../support/portal";
import { startPostgres, type Postgres } from "../support/postgres";
import { expect, hydrated, seriousViolations, test } from "./fixtures";

// Most tests start portals of their own (about 3 s each, much more on a busy machine).
test.describe.configure({ timeout: 120_000 });

const REFERENCE = /^(CT|DS)-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

async function fillContact(page: Page, values = CONTACT) {
  await page.getByLabel("Name", { exact: true }).fill(values.name);
  await page.getByLabel("Email", { exact: true }).fill(values.email);
  await page.getByLabel("Organisation").fill(values.organisation);
  await page.getByLabel("Country").selectOption(values.country);
  await page.getByLabel("Topic").selectOption(values.topic);
  await page.getByLabel("Message").fill(values.message);
}

async function fillDataShare(page: Page, values = DATA_SHARE) {
  await page.getByLabel("Dataset title").fill(values.title);
  await page.getByLabel("Sector").selectOption(values.sector);
  await page.getByLabel("Link").fill(values.link);
  await page.getByLabel("Description").fill(values.description);
  await page.getByLabel("Licence").selectOption(values.licence);
  await page.getByLabel("Contact email").fill(values.contactEmail);
}

/** The reference shown on the thank-you page (which the URL carries too). */
async function thankYouReference(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/contact\/thankyou\?ref=/);
  const reference = (await page.getByTestId("submission-reference").textContent()) ?? "";
  expect(reference).toMatch(REFERENCE);
  expect(new URL(page.url()).searchParams.get("ref")).toBe(reference);
  return reference;
}

test.describe("validation in the browser", () => {
  test("the contact form checks fields as you go, and on submit lists the problems and focuses the first", async ({ page, pageErrors }) => {
    const posts: string[] = [];
    page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
    await page.goto("/contact/form");
    await hydrated(page);

    await page.getByRole("button", { name: "Send message" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "problems with this form" });
    await expect(summary).toContainText("There are 5 problems with this form");
    for (const message of ["Name is required", "Email is required", "Country is required", "Topic is required", "Message is required"]) {
      await expect(summary.getByRole("link", { name: message })).toBeVisible();
    }
    const name = page.getByLabel("Name", { exact: true });
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(`#${await name.getAttribute("aria-describedby")}`)).toHaveText("Name is required");

    // a fixed field loses its error as soon as it is valid
    await name.fill("Asha Rana");
    await expect(name).not.toHaveAttribute("aria-invalid", "true");
    await expect(summary).toContainText("There are 4 problems with this form");

    // other fields are checked when the user leaves them
    const email = page.getByLabel("Email", { exact: true });
    await email.fill("asha@");
    await email.press("Tab");
    await expect(page.getByText("Email must be a valid email address", { exact: true }).first()).toBeVisible();
    await expect(email).toHaveAttribute("aria-describedby", "contact-form-email-error contact-form-email-hint");
    await email.fill("asha@example.org");
    await expect(page.getByText("Email must be a valid email address")).toHaveCount(0);

    const message = page.getByLabel("Message");
    await message.fill("Too short");
    await message.press("Tab");
    await expect(page.locator("#contact-form-message-error")).toHaveText("Message must be at least 20 characters long");

    // a link of the summary moves focus to its field
    await summary.getByRole("link", { name: "Country is required" }).click();
    await expect(page.getByLabel("Country")).toBeFocused();

    expect(posts).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test("the data-sharing form words its rules the same way", async ({ page, pageErrors }) => {
    await page.goto("/data/share");
    await hydrated(page);
    await page.getByLabel("Dataset title").fill("Rain");
    await page.getByLabel("Link").fill("data.example.org/koshi");
    // straight from a field to the button: the click must not be lost to a message appearing on blur
    await page.getByRole("button", { name: "Offer dataset" }).click();
    const summary = page.getByRole("alert");
    await expect(summary).toContainText("Dataset title must be at least 5 characters long");
    await expect(summary).toContainText("Link must be a web address starting with http:// or https://");
    await expect(summary).toContainText("Sector is required");
    await expect(summary).toContainText("Licence is required");
    await expect(summary).toContainText("Contact email is required");
    await expect(page.getByLabel("Dataset title")).toBeFocused();
    expect(pageErrors).toEqual([]);
  });

  test("forms with errors shown have no serious or critical axe violations", async ({ page }) => {
    for (const [url, button] of [
      ["/contact/form", "Send message"],
      ["/data/share", "Offer dataset"],
    ]) {
      await page.goto(url);
      await hydrated(page);
      await page.getByRole("button", { name: button }).click();
      await expect(page.getByRole("alert")).toBeVisible();
      expect(await seriousViolations(page), url).toEqual([]);
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server checks the form, keeps what was typed, focuses the first invalid field, then accepts it", async ({ page }) => {
    const portal = await startFormsPortal();
    try {
      await page.goto(`${portal.url}/contact/form`);
      await page.getByLabel("Name", { exact: true }).fill(CONTACT.name);
      await page.getByLabel("Email", { exact: true }).fill("asha@");
      const answer = page.waitForResponse((r) => r.request().method() === "POST");
      await page.getByRole("button", { name: "Send message" }).click();
      expect((await answer).status()).toBe(400);

      await expect(page.getByRole("alert")).toContainText("There are 4 problems with this form");
      await expect(page.getByRole("alert")).toContainText("Email must be a valid email address");
      await expect(page.getByLabel("Email", { exact: true })).toBeFocused();
      await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue(CONTACT.name);
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue("asha@");

      await fillContact(page);
      await page.getByRole("button", { name: "Send message" }).click();
      const reference = await thankYouReference(page);
      expect(reference).toMatch(/^CT-/);
      await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();
      expect(storedReferences(portal.db.url)).toEqual([reference]);
    } finally {
      portal.stop();
    }
  });

  test("the data-sharing form is sent without JavaScript too", async ({ page }) => {
    const portal = await startFormsPortal();
    try {
      await page.goto(`${portal.url}/data/share`);
      await fillDataShare(page);
      await page.getByRole("button", { name: "Offer dataset" }).click();
      const reference = await thankYouReference(page);
      expect(reference).toMatch(/^DS-/);
      await expect(page.getByText("Your dataset offer has been received.")).toBeVisible();
      expect(storedReferences(portal.db.url)).toEqual([reference]);
    } finally {
      portal.stop();
    }
  });
});

test.describe("persistence", () => {
  test("a submission survives kill -9 right after the thank-you page", async ({ page }) => {
    const portal = await startFormsPortal();
    try {
      await page.goto(`${portal.url}/data/share`);
      await hydrated(page);
      await fillDataShare(page);
      await page.getByRole("button", { name: "Offer dataset" }).click();
      const reference = await thankYouReference(page);
      portal.process.kill("SIGKILL");
      await exited(portal.process);
      expect(storedReferences(portal.db.url)).toEqual([reference]);
    } finally {
      portal.stop();
    }
  });

  test("submissions are kept across a restart, and the restarted server takes new ones", async ({ page }) => {
    const first = await startFormsPortal();
    try {
      await page.goto(`${first.url}/contact/form`);
      await hydrated(page);
      await fillContact(page);
      await page.getByRole("button", { name: "Send message" }).click();
      const before = await thankYouReference(page);
      first.process.kill("SIGTERM");
      await exited(first.process);

      const second = await startPortal({ DATABASE_URL: first.db.url, FORM_MIN_FILL_SECONDS: "0" });
      try {
        await page.goto(`${second.url}/data/share`);
        await hydrated(page);
        await fillDataShare(page);
        await page.getByRole("button", { name: "Offer dataset" }).click();
        const after = await thankYouReference(page);
        expect(storedReferences(first.db.url)).toEqual([before, after]);
      } finally {
        second.process.kill();
      }
    } finally {
      first.stop();
    }
  });
});

test("when the database is unavailable the form says so and keeps what was typed", async ({ page }) => {
  const db = tempDatabase();
  // a file where the database's folder should be: it can be neither created nor opened
  writeFileSync(path.join(db.dir, "not-a-folder"), "");
  const portal = await startFormsPortal({ DATABASE_URL: `file:${path.join(db.dir, "not-a-folder", "sacap.db")}` });
  try {
    await page.goto(`${portal.url}/contact/form`);
    await hydrated(page);
    await expect(page.getByTestId("form-storage-warning")).toContainText("Submissions may not be saved right now");
    await fillContact(page);
    await page.waitForTimeout(2100); // past the pause between attempts to reach the database
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Send message" }).click();
    expect((await answer).status()).toBe(503);
    const notice = page.getByTestId("form-notice");
    await expect(notice).toContainText("our database is unavailable");
    await expect(notice).toBeFocused();
    await expect(page.getByLabel("Message")).toHaveValue(CONTACT.message);
    await expect(page).toHaveURL(/\/contact\/form$/);
  } finally {
    portal.stop();
    db.remove();
  }
});

test("with the bot check configured, the browser sends a token that the server verifies", async ({ page }) => {
  const seen: string[] = [];
  const verifier: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const token = new URLSearchParams(body).get("response") ?? "";
      seen.push(token);
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ success: token === "token-for:site-key:data_share", score: 0.9, action: "data_share" }));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => verifier.listen(port, "127.0.0.1", resolve));
  const portal = await startFormsPortal({
    CAPTCHA_SITE_KEY: "site-key",
    CAPTCHA_SECRET: "secret",
    CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
  });
  // The provider's script, stubbed: hands out a token naming the key and the action.
  await page.route(/^https:\/\/www\.recaptcha\.net\/recaptcha\/api\.js/, (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: "window.grecaptcha={ready:function(f){f()},execute:function(k,o){return Promise.resolve('token-for:'+k+':'+o.action)}};",
    }),
  );
  try {
    await page.goto(`${portal.url}/data/share`);
    await hydrated(page);
    await fillDataShare(page);
    await page.getByRole("button", { name: "Offer dataset" }).click();
    const reference = await thankYouReference(page);
    expect(seen).toEqual(["token-for:site-key:data_share"]);
    expect(storedReferences(portal.db.url)).toEqual([reference]);
  } finally {
    portal.stop();
    await new Promise((resolve) => verifier.close(resolve));
  }
});

test.describe("PostgreSQL", () => {
  let postgres: Postgres | undefined;
  let skipReason = "";
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const started = await startPostgres();
    if ("skip" in started) skipReason = started.skip;
    else postgres = started;
  });
  test.afterAll(() => postgres?.stop());

  test("submissions are stored in PostgreSQL, survive kill -9, and two servers share the rate limit", async ({ page, request }) => {
    test.skip(!postgres, skipReason);
    const settings = { DATABASE_URL: postgres!.url, FORM_MIN_FILL_SECONDS: "0", FORM_RATE_LIMIT: "2" };
    const one = await startPortal(settings);
    const two = await startPortal(settings);
    try {
      await page.goto(`${one.url}/contact/form`);
      await hydrated(page);
      await fillContact(page);
      await page.getByRole("button", { name: "Send message" }).click();
      const reference = await thankYouReference(page);
      one.process.kill("SIGKILL");
      await exited(one.process);
      expect(storedReferences(postgres!.url)).toEqual([reference]);

      // the second server counts the browser's submission too (same address, loopback)
      const post = async () => {
        const html = await (await request.get(`${two.url}/data/share`)).text();
        const token = /name="formToken" value="([^"]+)"/.exec(html)![1];
        return request.post(`${two.url}/data/share`, {
          form: { formToken: token, ...DATA_SHARE },
          headers: { Origin: two.url },
          maxRedirects: 0,
        });
      };
      expect((await post()).status()).toBe(303);
      const limited = await post();
      expect(limited.status()).toBe(429);
      expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
      expect(storedReferences(postgres!.url)).toHaveLength(2);
    } finally {
      one.process.kill();
      two.process.kill();
    }
  });
});
