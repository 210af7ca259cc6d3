import type { AddressInfo } from "node:net";
import type express from "express";
import { afterEach } from "vitest";

let close: (() => void) | undefined;
afterEach(() => {
  close?.();
  close = undefined;
});

/** Serves an Express app on a free loopback port for one test (closed after it); its base URL. */
export async function serve(app: express.Express): Promise<string> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
