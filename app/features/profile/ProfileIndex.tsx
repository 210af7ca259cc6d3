import { HTMLTable } from "@blueprintjs/core";
import { Link } from "@remix-run/react";
import { dataPackPath, profilePath, type ProfilePlace } from "./profile";
import { TableScroll } from "~/components/TableScroll";
import { placeGroups, slugOf } from "~/features/places/places";

/**
 * Every place with a profile, each with its profile and data pack: countries, river basins, then each
 * country's states and provinces (`placeGroups`), so a planner finds their state under their country.
 */
export function ProfileIndex({ places }: { places: ProfilePlace[] }) {
  const groups = placeGroups(places.map((place) => ({ field_value: place.code, name: place.name, field_geotype: place.type, field_country: place.country as never, place })));
  return (
    <>
      {groups.map(({ label, places: members }) => {
        const id = `places-${slugOf(label)}`;
        return (
          <section key={label} aria-labelledby={id} className="sacap-profile-index">
            <h2 id={id}>{label}</h2>
            <TableScroll label={`Table of ${label.toLowerCase()}`}>
              <HTMLTable compact striped>
                <thead>
                  <tr>
                    <th scope="col">Place</th>
                    <th scope="col">Code</th>
                    <th scope="col">Data pack</th>
                  </tr>
                </thead>
                <tbody>
                  {members.map(({ place }) => (
                    <tr key={place.code}>
                      <th scope="row">
                        <Link to={profilePath(place)}>{place.name} climate profile</Link>
                      </th>
                      <td>{place.code}</td>
                      <td>
                        <a href={dataPackPath(place)} download>
                          {place.name} data pack (ZIP)
                        </a>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </TableScroll>
          </section>
        );
      })}
    </>
  );
}
