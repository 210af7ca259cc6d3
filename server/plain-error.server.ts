import type { Response } from "express";

/**
 * A short error answer from outside the page renderer (errors that reached Express, refused form posts):
 * the portal's JSON error for API clients, else a minimal page with a link home. Never a stack.
 */
export function sendPlainError(res: Response, status: number, title: string, text: string, wantsJson: boolean) {
  res.status(status).setHeader("Cache-Control", "no-store");
  if (wantsJson) {
    res.json({ error: { status, message: `${title}. ${text}` } });
    return;
  }
  res
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} | SACAP</title>` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
        `<body style="font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><main>` +
        `<h1>${title}</h1><p><strong>Error ${status}.</strong> ${text}</p><p><a href="/">Go to the home page</a></p></main></body></html>`,
    );
}
