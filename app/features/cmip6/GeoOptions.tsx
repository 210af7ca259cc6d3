import { placeGroups, placeLabel, type PlaceEntry } from "../places/places";

/**
 * The places of a <select>: countries, river basins, then each country's states and provinces, each in its
 * own group (`placeGroups`), then the disputed areas, each named as one. A state's option carries its ISO
 * 3166-2 code, so typing either finds it.
 */
export function GeoOptions({ geos }: { geos: readonly PlaceEntry[] }) {
  return (
    <>
      {placeGroups(geos).map(({ label, places }) => (
        <optgroup key={label} label={label}>
          {places.map((g) => (
            <option key={g.field_value} value={g.field_value}>
              {g.field_geotype === "State" ? `${g.name} (${g.field_value})` : g.field_geotype === "Disputed" ? placeLabel(g, geos) : g.name}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
