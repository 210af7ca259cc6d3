import { Classes } from "@blueprintjs/core";
import { Link } from "@remix-run/react";
import { TableScroll } from "~/components/TableScroll";

const TABLE_CLASS = `${Classes.HTML_TABLE} ${Classes.HTML_TABLE_STRIPED} ${Classes.COMPACT}`;

const COUNTRIES: ReadonlyArray<readonly [code: string, name: string]> = [
  ["AFG", "Afghanistan"],
  ["BGD", "Bangladesh"],
  ["BTN", "Bhutan"],
  ["IND", "India"],
  ["LKA", "Sri Lanka"],
  ["MDV", "Maldives"],
  ["NPL", "Nepal"],
  ["PAK", "Pakistan"],
];

const BASINS = [
  "Indus",
  "Ganges",
  "Brahmaputra",
  "Meghna",
  "Godavari",
  "Krishna",
  "Cauvery",
  "Mahanadi",
  "Narmada",
  "Tapi",
  "Pennar",
  "Helmand",
  "Kabul",
  "Amu Darya",
  "Harirud-Murghab",
  "Mahaweli",
];

interface DataArea {
  title: string;
  to: string;
  text: string;
}

const DATA_AREAS: DataArea[] = [
  {
    title: "Climate projections",
    to: "/cmip6-data",
    text: "Daily, bias-corrected and downscaled projections from the 35 global climate models of NASA NEX-GDDP-CMIP6, for the historical period and the SSP2-4.5 and SSP5-8.5 scenarios. Series are summarised per country and per basin as the ensemble median with the 10th to 90th percentile range across models.",
  },
  {
    title: "Climate extreme indices",
    to: "/wiki#etccdi",
    text: "The 27 ETCCDI indices of heat, cold, heavy rainfall and wet and dry spells, together with the SPI and SPEI drought indices.",
  },
  {
    title: "Agro-ecological zoning",
    to: "/pyaez",
    text: "Maps from the six PyAEZ modules: climate regime, crop simulations, climate constraints, soil constraints, terrain constraints and economic suitability.",
  },
  {
    title: "Data catalogues",
    to: "/data/catalog",
    text: "A catalogue of datasets in eight sectors (Administrative, Environment, Social, Weather & Climate, Water Resources, Disaster Management, Agriculture and Transport), and climate reanalysis and precipitation sources such as ERA5, ERA5-Land, MSWEP, CHIRPS, APHRODITE, CRU, GPCC, IMD and MODIS.",
  },
  {
    title: "Flood forecasts",
    to: "/glofas",
    text: "A map viewer for river flood forecasts from GloFAS, the Global Flood Awareness System of the Copernicus Emergency Management Service.",
  },
  {
    title: "Water yield projections",
    to: "/isimip",
    text: "A map viewer for projected water yield from the Inter-Sectoral Impact Model Intercomparison Project (ISIMIP).",
  },
  {
    title: "Landslide hazard",
    to: "/lhasa",
    text: "A map viewer for NASA's Landslide Hazard Assessment for Situational Awareness (LHASA), which combines satellite rainfall estimates with landslide susceptibility.",
  },
  {
    title: "Soil type and cropland extent",
    to: "/tools/gee",
    text: "Google Earth Engine tools that map soil types and the extent of cropland.",
  },
];

const AUDIENCE = [
  "Climate and agricultural analysts who need consistent indicators across countries and basins.",
  "Planners and policy makers in agriculture, water, livestock, disaster risk management and infrastructure who weigh climate risk in plans and investments.",
  "National meteorological and hydrological services that produce and communicate climate information.",
  "Researchers, development partners and anyone who needs a regional view of climate and agriculture in South Asia.",
];

interface Principle {
  title: string;
  text: string;
}

const PRINCIPLES: Principle[] = [
  {
    title: "Fast on slow links.",
    text: "Pages are rendered on the server and can be read before any script has loaded. Map and chart code is loaded only on the pages that draw maps or charts.",
  },
  {
    title: "Keyboard first.",
    text: "Every screen can be used with the keyboard alone, focus is always visible, and shortcuts open the navigation search, collapse the sidebar and move through tables.",
  },
  {
    title: "Shareable addresses.",
    text: "The state of a view (indicator, place, scenarios, models, period, tab) is kept in its URL, so a copied link or a bookmark reopens exactly the same view.",
  },
  {
    title: "Honest labelling.",
    text: "The default installation serves generated SAMPLE series so that every screen can be tried out. Sample data is marked with a visible Sample tag and flagged as sample in API responses until an operator loads real data. Sample values must never be used for analysis or decisions.",
  },
  {
    title: "Open formats.",
    text: "Tables and charts can be downloaded as CSV, JSON, PNG or SVG and used in other tools.",
  },
];

export function AboutSacap() {
  return (
    <div className={Classes.RUNNING_TEXT}>
      <section aria-labelledby="about-sacap-what">
        <h2 id="about-sacap-what">What SACAP is</h2>
        <p>
          SACAP, the South Asia Climate and Agriculture Portal, brings climate, agriculture, water,
          livestock and disaster risk data for South Asia together in one place. It lets users compare
          past climate with future projections, look up climate extremes, explore agro-ecological zoning
          and find datasets, for whole countries or for the major river basins that cross their borders.
        </p>
        <p>
          SACAP is one of the regional data platforms of{" "}
          <Link to="/about-care">CARE for South Asia</Link>, the Climate Adaptation and Resilience for
          South Asia project.
        </p>
      </section>

      <section aria-labelledby="about-sacap-coverage">
        <h2 id="about-sacap-coverage">Coverage</h2>
        <h3>Countries</h3>
        <TableScroll label="Table of the countries covered">
          <table className={TABLE_CLASS}>
            <caption>The eight countries covered, with their ISO 3166-1 alpha-3 codes</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Country</th>
              </tr>
            </thead>
            <tbody>
              {COUNTRIES.map(([code, name]) => (
                <tr key={code}>
                  <td>
                    <code>{code}</code>
                  </td>
                  <td>{name}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <h3>River basins</h3>
        <p>
          Indicators are also summarised over {BASINS.length} river basins, many of them shared between
          countries:
        </p>
        <ul>
          {BASINS.map((basin) => (
            <li key={basin}>{basin}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-sacap-data">
        <h2 id="about-sacap-data">What the portal brings together</h2>
        <dl>
          {DATA_AREAS.map((area) => (
            <div key={area.title}>
              <dt>
                <Link to={area.to}>{area.title}</Link>
              </dt>
              <dd>{area.text}</dd>
            </div>
          ))}
        </dl>
        <p>
          Terms and methods are explained in the <Link to="/wiki">wiki</Link>, and the{" "}
          <Link to="/user-guide">user guide</Link> walks through every area of the portal.
        </p>
      </section>

      <section aria-labelledby="about-sacap-audience">
        <h2 id="about-sacap-audience">Who it is for</h2>
        <ul>
          {AUDIENCE.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-sacap-principles">
        <h2 id="about-sacap-principles">Design principles</h2>
        <ul>
          {PRINCIPLES.map((principle) => (
            <li key={principle.title}>
              <strong>{principle.title}</strong> {principle.text}
            </li>
          ))}
        </ul>
        <p>
          Please read the <Link to="/disclaimer">disclaimer</Link> before using the data, and use the{" "}
          <Link to="/contact/form">contact form</Link> for questions, corrections or to offer data.
        </p>
      </section>
    </div>
  );
}
