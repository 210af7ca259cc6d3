import { expect, test } from "@playwright/test";
import { CONTACT, exited, postForm, tempDatabase } from "../support/forms";
import { startPortal } from "../support/portal";

/**
 * With the default TRUST_PROXY, only the address the shipped nginx connects from (127.0.0.2) may name a
 * client in X-Forwarded-For: a program on the same host connecting from 127.0.0.1 is a client like any
 * other, and cannot pick the line or the rate limit of its choice by naming addresses.
 */
test("by default a local client's X-Forwarded-For names no client, and the server says whom it trusts", async ({ request }) => {
  const db = tempDatabase();
  const portal = await startPortal({ TRUST_PROXY: undefined, DATABASE_URL: db.url, FORM_MIN_FILL_SECONDS: "0", FORM_RATE_LIMIT: "2" });
  try {
    expect(portal.output()).toContain("believed only from 127.0.0.2");
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      // three different "clients", all from 127.0.0.1: one client, whose third post is over its limit
      const response = await postForm(request, `${portal.url}/contact/form`, CONTACT, { headers: { "X-Forwarded-For": `198.51.100.${60 + i}` } });
      statuses.push(response.status());
    }
    expect(statuses).toEqual([303, 303, 429]);
  } finally {
    portal.process.kill();
    await exited(portal.process);
    db.remove();
  }
});
