import { describe, expect, it } from "vitest";
import { parseDate, parseObservedOption, parseOptions } from "./options";

describe("submissions export options", () => {
  it("reads --since, --until, --kind and --format", () => {
    expect(parseOptions(["--since", "2026-01-01", "--format", "json", "--kind", "data-share"])).toEqual({
      help: false,
      since: Date.UTC(2026, 0, 1),
      until: undefined,
      kind: "data-share",
      format: "json",
    });
    expect(parseOptions([])).toMatchObject({ format: "csv", since: undefined, kind: undefined });
    expect(parseDate("2026-03-01T12:00:00Z", "until")).toBe(Date.UTC(2026, 2, 1, 12));
  });

  it("refuses unknown values with a message naming the option", () => {
    expect(() => parseOptions(["--since", "yesterday"])).toThrow(/--since/);
    expect(() => parseOptions(["--kind", "survey"])).toThrow(/--kind/);
    expect(() => parseOptions(["--format", "xml"])).toThrow(/--format/);
    expect(() => parseOptions(["--verbose"])).toThrow();
  });
});

describe("ingest --observed", () => {
  it("takes the documented names and dataset ids, in any case", () => {
    expect(parseObservedOption("chirps")?.id).toBe("chirps-v2.0");
    expect(parseObservedOption("CHIRPS-v2.0")?.id).toBe("chirps-v2.0");
    expect(parseObservedOption("era5")?.id).toBe("era5");
    expect(parseObservedOption("era5-land")?.id).toBe("era5-land");
    expect(parseObservedOption("imd")?.id).toBe("imd");
    expect(parseObservedOption(undefined)).toBeUndefined();
  });

  it("refuses an unknown name with the list of known ones", () => {
    expect(() => parseObservedOption("gpcc")).toThrow('--observed must be one of chirps, era5, era5-land, imd, not "gpcc"');
    expect(() => parseObservedOption("")).toThrow(/--observed/);
  });
});
