import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  journalFiles,
  MAX_URL,
  nextRestartCounts,
  openRequests,
  previousStopMessages,
  readPreviousStop,
  RequestJournal,
} from "./request-journal.server";

let dir: string;
let files: ReturnType<typeof journalFiles>;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "sacap-journal-"));
  files = journalFiles(3000, path.join(dir, "data"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const fail = (error: unknown) => {
  throw error;
};

/** A server's run: a journal, requests begun (and some ended), then a stop without a clean shutdown. */
function runAndCrash(urls: string[], ended: string[] = []) {
  readPreviousStop(files);
  const journal = new RequestJournal(files, fail);
  for (const url of urls) {
    const end = journal.begin({ method: "GET", url });
    if (ended.includes(url)) end?.();
  }
  // no close(): the process was killed
}

describe("the journal of requests in flight", () => {
  it("names the requests begun and not ended, in order", () => {
    runAndCrash(["/a", "/b?x=1", "/c"], ["/b?x=1"]);
    expect(openRequests(readFileSync(files.journal, "utf8"))).toEqual(["GET /a", "GET /c"]);
  });

  it("leaves out health checks and hashed build assets, and cuts long URLs", () => {
    const long = `/api/cmip6/annual?geo=${"x".repeat(1000)}`;
    runAndCrash(["/healthz", "/build/_assets/root-ABC.js", "/builder", long]);
    const open = openRequests(readFileSync(files.journal, "utf8"));
    expect(open).toEqual(["GET /builder", `GET ${long.slice(0, MAX_URL)}`]);
  });

  it("is rewritten with the requests in flight only once it grows past its bound", () => {
    readPreviousStop(files);
    const journal = new RequestJournal(files, fail, 4096);
    const held = journal.begin({ method: "POST", url: "/contact/form" });
    for (let i = 0; i < 1000; i++) journal.begin({ method: "GET", url: `/api/x?i=${i}` })!();
    expect(readFileSync(files.journal, "utf8").length).toBeLessThan(4096 + 100);
    expect(openRequests(readFileSync(files.journal, "utf8"))).toEqual(["POST /contact/form"]);
    held!();
    journal.begin({ method: "GET", url: "/last" });
    expect(openRequests(readFileSync(files.journal, "utf8"))).toEqual(["GET /last"]);
  });

  it("a clean shutdown leaves nothing to report", () => {
    runAndCrash(["/a"]);
    expect(readPreviousStop(files).unclean).toBe(true);
    const journal = new RequestJournal(files, fail);
    journal.begin({ method: "GET", url: "/b" });
    journal.close();
    expect(existsSync(files.journal)).toBe(false);
    expect(existsSync(files.restarts)).toBe(false);
    expect(readPreviousStop(files)).toEqual({ unclean: false, inFlight: [], restarts: {} });
    expect(previousStopMessages(readPreviousStop(files), 3000)).toEqual([]);
  });

  it("counts the consecutive unclean stops each request was in flight at", () => {
    expect(nextRestartCounts({}, ["GET /a", "GET /a", "GET /b"])).toEqual({ "GET /a": 1, "GET /b": 1 });
    expect(nextRestartCounts({ "GET /a": 2, "GET /b": 1 }, ["GET /a", "GET /c"])).toEqual({ "GET /a": 3, "GET /c": 1 });

    runAndCrash(["/kill", "/other"]);
    runAndCrash(["/kill"]);
    runAndCrash(["/kill", "/new"]);
    const previous = readPreviousStop(files);
    expect(previous).toEqual({ unclean: true, inFlight: ["GET /kill", "GET /new"], restarts: { "GET /kill": 3, "GET /new": 1 } });
    const messages = previousStopMessages(previous, 3000);
    expect(messages.map((m) => m.level)).toEqual(["error", "error"]);
    expect(messages[0].msg).toBe("the previous server on port 3000 stopped without a clean shutdown, with 2 requests in flight");
    expect(messages[0].requests).toEqual(["GET /kill", "GET /new"]);
    expect(messages[1].msg).toBe("restarted 3 times with this request in flight: GET /kill");

    // a stop without the request in flight ends its run of restarts
    new RequestJournal(files, fail);
    const quiet = readPreviousStop(files);
    expect(quiet).toEqual({ unclean: true, inFlight: [], restarts: {} });
    expect(previousStopMessages(quiet, 3000).map((m) => m.msg)).toEqual([
      "the previous server on port 3000 stopped without a clean shutdown, with no request in flight",
    ]);
    expect(existsSync(files.restarts)).toBe(false);
  });

  it("a journal that cannot be written stops the journal, not the server", () => {
    writeFileSync(path.join(dir, "data"), "a file where the folder should be");
    expect(() => new RequestJournal(files, fail)).toThrow();

    // a full disk: every write to /dev/full fails with ENOSPC
    const errors: unknown[] = [];
    const journal = new RequestJournal({ journal: "/dev/full", restarts: path.join(dir, "restarts.json") }, (error) => errors.push(error));
    expect(journal.begin({ method: "GET", url: "/a" })).toBeTypeOf("function");
    expect(errors).toEqual([expect.objectContaining({ code: "ENOSPC" })]);
    expect(journal.begin({ method: "GET", url: "/b" })).toBeUndefined();
  });
});
