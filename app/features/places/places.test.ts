import { describe, expect, it } from "vitest";
import geos from "../../../seeds/geos.json";
import { placeGroups, placeKindText, placeLabel, placeSlugs, type PlaceEntry } from "./places";
import { findPlaces, nearestPlaces } from "./search";

const places = geos as PlaceEntry[];
const byCode = (code: string) => places.find((p) => p.field_value === code)!;

describe("places", () => {
  it("group a picker by kind, then each country's states and provinces", () => {
    const groups = placeGroups(places);
    expect(groups.map((g) => g.label)).toEqual([
      "Countries",
      "River basins",
      "States and provinces: Afghanistan",
      "States and provinces: Bangladesh",
      "States and provinces: Bhutan",
      "States and provinces: India",
      "States and provinces: Sri Lanka",
      "States and provinces: Maldives",
      "States and provinces: Nepal",
      "States and provinces: Pakistan",
      "Disputed areas",
    ]);
    expect(groups.reduce((n, g) => n + g.places.length, 0)).toBe(places.length);
    expect(groups[5].places.map((p) => p.field_value)).toContain("IN-UP");
    // a disputed area is listed on its own, never among a country's units
    expect(groups[10].places.map((p) => p.name)).toContain("Aksai Chin");
    expect(groups.slice(0, 10).flatMap((g) => g.places).some((p) => p.field_geotype === "Disputed")).toBe(false);
  });

  it("name a disputed area as one, and leave the addresses of the states of the same name as they were", () => {
    const slugs = placeSlugs(places);
    expect(slugs.get("XD-B07")).toBe("aksai-chin-disputed-area");
    expect(slugs.get("XD-B00")).toBe("arunachal-pradesh-disputed-area");
    expect(slugs.get("IN-AR")).toBe("arunachal-pradesh");
    expect(placeLabel(byCode("XD-B05"), places)).toBe("Jammu and Kashmir (disputed area)");
    expect(placeKindText({ type: "Disputed", status: byCode("XD-B07").field_status })).toBe("Disputed area: administered by China; claimed by India");
  });

  it("give every place one readable address, a state's with its country where names are shared", () => {
    const slugs = placeSlugs(places);
    expect(new Set(slugs.values()).size).toBe(places.length);
    expect(slugs.get("IN-UP")).toBe("uttar-pradesh");
    expect(slugs.get("NPL")).toBe("nepal");
    expect(slugs.get("IN-PB")).toBe("punjab-india");
    expect(slugs.get("PK-PB")).toBe("punjab-pakistan");
    // the basins keep theirs; the provinces of the same name take their country's
    expect(slugs.get("kabul")).toBe("kabul");
    expect(slugs.get("AF-KAB")).toBe("kabul-afghanistan");
    expect(placeLabel(byCode("PK-KP"), places)).toBe("Khyber Pakhtunkhwa (Pakistan)");
  });

  it("find places by code, name, a word of the name or another spelling, accents and case aside", () => {
    const codes = (q: string, aliases?: Map<string, string[]>) => findPlaces(places, q, aliases).map((p) => p.field_value);
    expect(codes("in-up")[0]).toBe("IN-UP");
    expect(codes("Uttar")).toEqual(["IN-UP", "IN-UK"].filter((c) => codes("Uttar").includes(c)));
    expect(codes("khyber")[0]).toBe("PK-KP");
    expect(codes("Pakhtunkhwa")[0]).toBe("PK-KP");
    expect(codes("Orissa", new Map([["IN-OD", ["IN-OR", "Orissa"]]]))).toEqual(["IN-OD"]);
    expect(codes("")).toEqual([]);
  });

  it("hint at the places a wrong code may have meant", () => {
    expect(nearestPlaces(places, "Uttar Pradesh").map((p) => p.field_value)).toEqual(["IN-UP"]);
    expect(nearestPlaces(places, "IN-UPX").map((p) => p.field_value)).toContain("IN-UP");
    expect(nearestPlaces(places, "zz")).toEqual([]);
  });
});
