import type { Geo } from "./schema";

const GROUPS = [
  { type: "Country", label: "Countries" },
  { type: "Basin", label: "River basins" },
] as const;

/** The places of a <select>: countries, then river basins, each in its own group. */
export function GeoOptions({ geos }: { geos: readonly Pick<Geo, "field_value" | "name" | "field_geotype">[] }) {
  return (
    <>
      {GROUPS.map(({ type, label }) => (
        <optgroup key={type} label={label}>
          {geos
            .filter((g) => g.field_geotype === type)
            .map((g) => (
              <option key={g.field_value} value={g.field_value}>
                {g.name}
              </option>
            ))}
        </optgroup>
      ))}
    </>
  );
}
