import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { getSeeds } from "../seeds.server";
import { SampleSeriesStore } from "../series/sample/sample-store";
import { createSeriesService } from "../series/service.server";
import { seriesAnswer } from "./series.server";

describe("seriesAnswer", () => {
  const service = createSeriesService(getSeeds(), new SampleSeriesStore());
  const ask = (search: string, request: { ifNoneMatch?: string; acceptEncoding?: string } = {}) =>
    seriesAnswer(service, "annual", new URLSearchParams(search), { ifNoneMatch: request.ifNoneMatch ?? null, acceptEncoding: request.acceptEncoding ?? null });

  it("names the bad parameter in a 400 and answers 404 for a query without data", async () => {
    const bad = await ask("indicator=tas&geo=atlantis");
    expect(bad.status).toBe(400);
    expect(JSON.parse(String(bad.body)).error.details.field).toBe("geo");
    const none = await ask("indicator=tas&geo=NPL&scenario=historical&start=2050&end=2060");
    expect(none.status).toBe(404);
  });

  it("answers the series once compressed, then 304 for its ETag", async () => {
    const first = await ask("indicator=tas&geo=NPL", { acceptEncoding: "gzip, br" });
    expect(first.status).toBe(200);
    expect(first.headers).toMatchObject({ "Content-Encoding": "br", "X-Sample-Data": "true", Vary: "Accept-Encoding" });
    const json = JSON.parse(brotliDecompressSync(first.body as Uint8Array).toString());
    expect(json.models).toHaveLength(35);
    expect(first.headers["Content-Length"]).toBe(String((first.body as Uint8Array).length));
    const again = await ask("indicator=tas&geo=NPL", { ifNoneMatch: first.headers.ETag });
    expect(again).toMatchObject({ status: 304, body: null });
    const plain = await ask("indicator=tas&geo=NPL");
    expect(JSON.parse(String(plain.body))).toEqual(json);
  });
});
