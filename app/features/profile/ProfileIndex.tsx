import { HTMLTable } from "@blueprintjs/core";
import { Link } from "@remix-run/react";
import { dataPackPath, profilePath, type ProfilePlace } from "./profile";
import { TableScroll } from "~/components/TableScroll";

/** Every place with a profile: countries, then river basins, each with its profile and data pack. */
export function ProfileIndex({ places }: { places: ProfilePlace[] }) {
  return (
    <>
      {(["Country", "Basin"] as const).map((type) => {
        const id = `places-${type.toLowerCase()}`;
        return (
          <section key={type} aria-labelledby={id} className="sacap-profile-index">
            <h2 id={id}>{type === "Country" ? "Countries" : "River basins"}</h2>
            <TableScroll label={type === "Country" ? "Table of countries" : "Table of river basins"}>
              <HTMLTable compact striped>
                <thead>
                  <tr>
                    <th scope="col">Place</th>
                    <th scope="col">Code</th>
                    <th scope="col">Data pack</th>
                  </tr>
                </thead>
                <tbody>
                  {places
                    .filter((p) => p.type === type)
                    .map((place) => (
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
