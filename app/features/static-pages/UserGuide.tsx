import { Classes } from "@blueprintjs/core";
import { Link } from "@remix-run/react";
import { Fragment } from "react";
import { FOCUS_MAP_KEY } from "~/features/maps/regions";
import { GUIDE_LEVEL_EXAMPLE, listText } from "./warmingLevelsGuide";
import { TableScroll } from "~/components/TableScroll";

const TABLE_CLASS = `${Classes.HTML_TABLE} ${Classes.HTML_TABLE_STRIPED} ${Classes.COMPACT}`;

interface Page {
  to: string;
  label: string;
  text: string;
  /** A route pattern rather than a page: shown, not linked. */
  pattern?: boolean;
}

interface Area {
  id: string;
  title: string;
  pages: Page[];
}

const AREAS: Area[] = [
  {
    id: "guide-climate",
    title: "Climate",
    pages: [
      { to: "/cmip6-data", label: "CMIP6 data explorer", text: "Pick an indicator, a country or basin, one or more scenarios, the models and a period. Charts show the ensemble median with the 10th to 90th percentile band across models, and tables list the values. Download the result as CSV, JSON, PNG or SVG. The whole selection lives in the URL, so copy the address to share or bookmark it." },
      { to: "/cmip6-viewer", label: "CMIP6 map viewer", text: "Maps of the projections: choose the variable, model, scenario and period to draw, and the regions: countries, river basins, states and provinces, or the 0.25° grid." },
      { to: "/profiles", label: "Place climate profiles", text: "One printable profile per country and river basin at /profiles/<place> (for example /profiles/nepal or /profiles/amu-darya; a geo code such as /profiles/NPL leads there too): a locator map, the 1995-2014 monthly climate, the strongest signals in a few sentences, and for SSP2-4.5 and SSP5-8.5 every indicator's change by 20-year window and by warming level with the 10th to 90th percentiles and model agreement. Print it (Ctrl+P) for A4 pages with headers and page numbers, or download its data pack: a ZIP of the tables as CSV and JSON, the charts as SVG and a README with methods, sources and licence. Profiles are also linked from the explorer, the map's region panel, the comparison table and the search." },
      { to: "/catalog/climate", label: "Climate catalogue", text: "Climate datasets available for the region." },
      { to: "/catalog/explorer", label: "Climate data explorer", text: "Climate reanalysis and precipitation sources (such as ERA5, ERA5-Land, MSWEP, CHIRPS, APHRODITE, CRU, GPCC and IMD) by indicator, country, administrative level, period and year range." },
    ],
  },
  {
    id: "guide-analytics",
    title: "Analytics",
    pages: [
      { to: "/analytics/climate-crop", label: "Climate and crops", text: "How climate relates to crop production." },
      { to: "/analytics/climate-crop/climate-variability", label: "Climate variability", text: "Climate variability and its relation to crop production." },
      { to: "/analytics/climate-crop/enso-crops", label: "ENSO and crops", text: "How El Niño and La Niña years relate to crop production." },
      { to: "/analytics/climate-livestock", label: "Climate and livestock", text: "Climate conditions that matter for livestock, such as heat stress." },
      { to: "/analytics/climate-water", label: "Climate and water", text: "Climate and water resources." },
      {
        to: "/analytics/my-index",
        label: "Your own climate index",
        text: "An index of your own from the models' daily values: days above or below a temperature, rain days, the longest or the number of warm or dry spells, degree days, a season's total, mean, highest or lowest day, with your threshold, base or spell length, over any months (November-March is counted in the year it ends), a window of years or a warming level, all models, those you pick or a subset from the explorer, and a place, one 0.25° cell or your own polygon (a GeoJSON file, a zipped shapefile, its vertices typed one \"longitude, latitude\" pair per line, or drawn on a map; drawing needs a mouse, pen or touch, typing the vertices needs the keyboard alone, and the first vertex need not be repeated at the end). It runs as a job: follow it under Your jobs (kept a day), then read each model's and the ensemble's change with the chart and the map of the cells, and download CSV, JSON or NetCDF. The question and its job are in the URL. Without JavaScript the form posts (a GeoJSON file or the typed vertices) and the job's page reloads itself until the results are there.",
      },
    ],
  },
  {
    id: "guide-agriculture",
    title: "Agriculture",
    pages: [
      { to: "/pyaez", label: "Agro-ecological zoning", text: "Maps from PyAEZ modules 1 to 6: climate regime, crop simulations, climate constraints, soil constraints, terrain constraints and economic suitability. Each map has a deep link of the form #module-N.M, for example /pyaez#module-1.4 for the length of growing period." },
      { to: "/catalog/agriculture", label: "Agriculture catalogue", text: "Agricultural datasets." },
      { to: "/tools/gee", label: "Soil and cropland tools", text: "Google Earth Engine tools for soil type and cropland extent." },
    ],
  },
  {
    id: "guide-water",
    title: "Water",
    pages: [
      { to: "/isimip", label: "Water yield projections", text: "ISIMIP projections of water yield." },
      { to: "/glofas", label: "Flood forecasts", text: "GloFAS river flood forecasts." },
      { to: "/catalog/water", label: "Water catalogue", text: "Water resources datasets." },
    ],
  },
  {
    id: "guide-livestock",
    title: "Livestock",
    pages: [{ to: "/catalog/livestock", label: "Livestock catalogue", text: "Livestock datasets." }],
  },
  {
    id: "guide-disaster",
    title: "Disaster",
    pages: [
      { to: "/lhasa", label: "Landslide hazard", text: "NASA LHASA landslide hazard maps." },
      { to: "/catalog/disaster", label: "Disaster catalogue", text: "Disaster management datasets." },
    ],
  },
  {
    id: "guide-planning",
    title: "Planning",
    pages: [
      { to: "/care-comp", label: "Compare", text: "Compare places or scenarios side by side." },
      { to: "/catalog/planning", label: "Planning catalogue", text: "Datasets for planning." },
    ],
  },
  {
    id: "guide-data",
    title: "Data collector",
    pages: [
      { to: "/data", label: "Data collector", text: "Start page of the data collection." },
      { to: "/data/catalog", label: "Data catalogue", text: "All datasets across the eight sectors." },
      { to: "/data/sector/<sector>", label: "Datasets by sector", text: "The datasets of one sector, opened from the data catalogue.", pattern: true },
      { to: "/data/bin", label: "Data basket", text: "Your data basket: datasets you have set aside, kept in this browser." },
      { to: "/data/share", label: "Share data", text: "Offer a dataset to the portal." },
      { to: "/data-chart/tag/view", label: "Data charts", text: "Charts of datasets by tag." },
      { to: "/ckan-viewer", label: "CKAN viewer", text: "Browse datasets published in a CKAN data catalogue." },
      { to: "/catalog/data", label: "Data catalogue pages", text: "Catalogue of the data collection." },
    ],
  },
  {
    id: "guide-tools",
    title: "Tools",
    pages: [
      { to: "/tools", label: "Tools", text: "Overview of the tools." },
      { to: "/second-page", label: "Tool viewer", text: "A further map and tool viewer." },
    ],
  },
  {
    id: "guide-help",
    title: "Help",
    pages: [
      { to: "/user-guide", label: "User guide", text: "This page." },
      { to: "/wiki", label: "Wiki", text: "Glossary and methods: CMIP6, scenarios, ensemble statistics, periods, extreme indices, agro-ecological zoning terms and more." },
      { to: "/api-docs", label: "Data API", text: "The portal's data as JSON for your own scripts: every endpoint with its parameters, examples in curl, Python and R, and the OpenAPI description at /api/openapi.json." },
      { to: "/about-sacap", label: "About SACAP", text: "What the portal is and who it is for." },
      { to: "/about-care", label: "About CARE", text: "The CARE for South Asia project." },
      { to: "/disclaimer", label: "Disclaimer", text: "Limits of the data and terms of use." },
      { to: "/contact/form", label: "Contact", text: "Send a question, a correction or a suggestion." },
    ],
  },
];

const PREFERENCES: ReadonlyArray<readonly [name: string, values: string]> = [
  ["Theme", "light, dark, or system (follows the operating system setting)"],
  ["Navigation", "vertical (sidebar) or horizontal (menu bar)"],
  ["Content width", "fluid (full width) or boxed (limited width)"],
  ["Navbar type", "sticky, static or hidden; the navbar can also be blurred"],
  ["Footer type", "static, sticky or hidden"],
  ["Semi-dark navigation", "a dark sidebar with a light page"],
  ["Skin", "bordered or default"],
  ["Primary colours", "the accent colour for the light theme and for the dark theme"],
];

interface Shortcut {
  combos: string[][];
  action: string;
}

const SHORTCUTS: Shortcut[] = [
  { combos: [["/"], ["Ctrl", "K"]], action: "Open the navigation search. Type to fuzzy-match pages, use the arrow keys to choose and Enter to go." },
  { combos: [["?"]], action: "List all keyboard shortcuts." },
  { combos: [["["]], action: "Collapse or expand the sidebar." },
  { combos: [["Esc"]], action: "Close the search, dialogs and drawers." },
  { combos: [["Tab"], ["Shift", "Tab"]], action: "Move focus forward or back. The first stop on every page is a \u201cSkip to content\u201d link; on the map viewers the next three skip to the map, the legend and the layer list." },
  { combos: [["\u2191"], ["\u2193"]], action: "In tables: move the active row." },
  { combos: [["Home"], ["End"]], action: "In tables: go to the first or last row." },
  { combos: [["PageUp"], ["PageDown"]], action: "In tables: move one page up or down." },
  { combos: [["Enter"]], action: "In tables: open the active row." },
  { combos: [["Space"]], action: "In tables: select the active row." },
  { combos: [[FOCUS_MAP_KEY.toUpperCase()]], action: "On the map viewers: focus the map." },
  { combos: [["\u2190"], ["\u2191"], ["\u2192"], ["\u2193"]], action: "On the CMIP6 map viewer with Grid shown and the map focused: move the cell cursor one 0.25\u00b0 cell (it starts at the map\u2019s centre)." },
  { combos: [["Enter"]], action: "On the CMIP6 map viewer with Grid shown and the map focused: read the cursor\u2019s cell (baseline, change and its spread, agreement of the models). Esc closes the reading." },
  { combos: [["+"], ["-"]], action: "On a map: zoom in or out (with Grid shown the arrow keys move the cell cursor instead of the map)." },
  { combos: [["\u2191"], ["\u2193"], ["A\u2013Z"]], action: "In a list that loads the page (place, indicator, period): the page follows a second after the last key, or on Enter." },
  { combos: [["\u2190"], ["\u2192"]], action: "In a group of options, such as the comparison\u2019s \u201c20-year windows | Warming levels\u201d: choose the previous or next option; the page follows at once." },
];

function Keys({ combos }: { combos: string[][] }) {
  return (
    <>
      {combos.map((combo, i) => (
        <Fragment key={combo.join("+")}>
          {i > 0 && " or "}
          {combo.map((key, j) => (
            <Fragment key={key}>
              {j > 0 && "+"}
              <kbd>{key}</kbd>
            </Fragment>
          ))}
        </Fragment>
      ))}
    </>
  );
}

export function UserGuide() {
  return (
    <div className={Classes.RUNNING_TEXT}>
      <section aria-labelledby="guide-start">
        <h2 id="guide-start">Getting started</h2>
        <p>
          SACAP is organised by topic: climate, analytics, agriculture, water, livestock, disaster and
          planning, followed by the data collector, tools and help. Use the navigation menu, or press{" "}
          <kbd>/</kbd> and type part of a page name. The <Link to="/">home page</Link> gives an overview.
        </p>
        <p>
          Every view keeps its state in its URL: the indicator, place, scenarios, models, period, map layer
          or tab you choose. Copy the address to share exactly what you see, bookmark it, or use the
          browser&apos;s back and forward buttons to step through your choices.
        </p>
        <p>
          Data marked with a <strong>Sample</strong> tag is generated for demonstration and must not be
          used for analysis; see the <Link to="/disclaimer">disclaimer</Link>.
        </p>
      </section>

      <section aria-labelledby="guide-places">
        <h2 id="guide-places">Places: countries, states and provinces, river basins, disputed areas</h2>
        <p>
          Every page that takes a place offers the eight countries, the 16 river basins and the countries&apos; 148
          states, union territories, provinces, divisions, zones, dzongkhags and atolls, grouped by country in the
          place list (type a name to jump to it) and found by the navigation search by name or ISO 3166-2 code
          (<code>IN-UP</code>, <code>PK-KP</code>). Their outlines are Natural Earth&apos;s 1:10m admin-1 layer
          (version 5.1, public domain); Pakistan&apos;s former FATA is part of Khyber Pakhtunkhwa and Sri Lanka&apos;s
          provinces are built from its districts. Two countries are shown as the layer has them: Nepal with its 14
          zones of 1962-2015, not its seven provinces of 2015, and Bangladesh with Mymensingh inside Dhaka. Disputed
          areas are drawn as the country that administers them holds them, and are also places of their own
          (&quot;Disputed areas&quot;, Natural Earth 1:50m, 2022, public domain), each with who administers and claims
          it; the boundaries and names shown do not imply official endorsement or acceptance. A deployment can
          bring official outlines with{" "}
          <code>npm run ingest -- --places FILE</code> (README, &quot;Place outlines&quot;).
        </p>
      </section>

      {AREAS.map((area) => (
        <section key={area.id} aria-labelledby={area.id}>
          <h2 id={area.id}>{area.title}</h2>
          <dl>
            {area.pages.map((page) => (
              <div key={page.to}>
                <dt>
                  {page.pattern ? page.label : <Link to={page.to}>{page.label}</Link>} <code>{page.to}</code>
                </dt>
                <dd>{page.text}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}

      <section aria-labelledby="guide-warming-levels">
        <h2 id="guide-warming-levels">Warming levels, model agreement and model selection</h2>
        <h3 id="guide-gwl-what">What a warming level is</h3>
        <p>
          A global warming level is a state of the climate rather than a date: the 20 years in which a model&apos;s global mean
          temperature first runs 1.5, 2, 3 or 4 °C above its own 1850-1900 mean. Models warm at different speeds, so the same
          year under a scenario means a warmer world in one model than in another. Taking each model at the same amount of global
          warming removes most of that difference, and answers the question many plans are written around: what does +2 °C mean
          here? That is why the IPCC AR6 Interactive Atlas reports warming levels.
        </p>
        <p>
          Wherever the portal offers a period it offers the levels too: the columns of the <Link to="/care-comp">comparison</Link>{" "}
          (&quot;Warming levels&quot;), the future window of the <Link to="/analytics/climate-crop">analyses</Link> (+1.5 °C to +4 °C,
          written <code>window=gwl:2.0</code> in the address), and the explorer and the map. Levels exist for SSP2-4.5 and SSP5-8.5.
        </p>
        <h3 id="guide-gwl-how">How the portal finds each model&apos;s window</h3>
        <p>
          The windows come from the warming-level table of Hauser, Engelbrecht and Fischer (&quot;Global warming levels for CMIP5 and
          CMIP6&quot;, doi:10.5281/zenodo.3591806), in its version of {GUIDE_LEVEL_EXAMPLE.table.version}, under the licence{" "}
          {GUIDE_LEVEL_EXAMPLE.table.licence}: reuse it with credit to the authors and under the same licence (the portal serves it,
          with its version and licence, at <code>/api/cmip6/list/warming-levels</code>). For every model and scenario it gives the first 20 years whose mean global
          warming exceeds the level, each model at its own window as the Atlas takes warming levels. The portal takes each
          model&apos;s mean over its own window, then the median and the 10th to 90th percentiles across the models. A model that
          does not reach a level by 2100 is left out of that level, and so is a model the table does not have; every screen says
          how many models are in (&quot;+3 °C: {GUIDE_LEVEL_EXAMPLE.threeDegrees.count} of {GUIDE_LEVEL_EXAMPLE.threeDegrees.of} models
          under {GUIDE_LEVEL_EXAMPLE.scenario.name}&quot;) and names the ones left out. A window can begin before 2015, so the
          historical run is joined to the scenario for it. Changes are against 1995-2014, the Atlas&apos;s baseline and the last 20
          years of the historical run: the same reference for every model and level, close to the present, and the period the
          Atlas&apos;s maps use.
        </p>
        <h3 id="guide-gwl-example">A worked example</h3>
        <p>
          Under {GUIDE_LEVEL_EXAMPLE.scenario.name}, {GUIDE_LEVEL_EXAMPLE.twoDegrees[0].model} reaches +2 °C in {GUIDE_LEVEL_EXAMPLE.twoDegrees[0].start}-
          {GUIDE_LEVEL_EXAMPLE.twoDegrees[0].end} and {GUIDE_LEVEL_EXAMPLE.twoDegrees[1].model} only in {GUIDE_LEVEL_EXAMPLE.twoDegrees[1].start}-
          {GUIDE_LEVEL_EXAMPLE.twoDegrees[1].end}: at +2 °C the portal averages {GUIDE_LEVEL_EXAMPLE.twoDegrees[0].model} over its
          window and {GUIDE_LEVEL_EXAMPLE.twoDegrees[1].model} over its own, {GUIDE_LEVEL_EXAMPLE.twoDegrees[1].start - GUIDE_LEVEL_EXAMPLE.twoDegrees[0].start} years later. {GUIDE_LEVEL_EXAMPLE.early.model} passes
          +{GUIDE_LEVEL_EXAMPLE.early.level} °C in {GUIDE_LEVEL_EXAMPLE.early.start}-{GUIDE_LEVEL_EXAMPLE.early.end}, a window that starts in the
          historical run. By 2100, {GUIDE_LEVEL_EXAMPLE.threeDegrees.count} of the portal&apos;s {GUIDE_LEVEL_EXAMPLE.threeDegrees.of} models reach +3 °C
          under {GUIDE_LEVEL_EXAMPLE.scenario.name}; the table has no {GUIDE_LEVEL_EXAMPLE.scenario.name} rows for{" "}
          {listText(GUIDE_LEVEL_EXAMPLE.threeDegrees.notInTable)}. A value at +3 °C under {GUIDE_LEVEL_EXAMPLE.scenario.name} therefore stands for
          fewer than half of the models, the warmer ones. The climate values in this build are sample data, generated for
          illustration; the windows are the published ones (version {GUIDE_LEVEL_EXAMPLE.table.version} of the table).
        </p>
        <h3 id="guide-agreement">Model agreement</h3>
        <p>
          A median change can hide models that disagree. The portal marks each change by the IPCC AR6 simple approach: it is{" "}
          <strong>robust</strong> (marked ✓) when at least 80 % of the models agree on its sign, and <strong>not robust</strong>{" "}
          (marked ~) when fewer do. Screen readers hear the count, for example &quot;robust: 31 of 33 models agree on the sign&quot;. On
          the map, hatching marks the areas where the models do not agree; the comparison&apos;s download carries it as a column.
        </p>
        <h3 id="guide-model-selection">Picking models by their spread</h3>
        <p>
          An impact study often runs a few models rather than all of them. In the <Link to="/cmip6-data">CMIP6 data explorer</Link>, the
          view &quot;Model selection&quot; plots each model&apos;s change in temperature against its change in precipitation for the place,
          season and window, and proposes storylines: warm-dry, warm-wet, cool-dry and cool-wet (the models farthest into each
          quarter around the ensemble median) and middle (the models closest to the median). Choosing one makes a named subset,
          such as <code>subset=warm-dry</code> beside the list of models in the address; the subset travels with the link to the map
          and into the downloads, whose headers name it and its models.
        </p>
      </section>

      <section aria-labelledby="guide-preferences">
        <h2 id="guide-preferences">Preferences</h2>
        <p>
          The customizer changes how the portal looks. The theme switcher offers a quicker way to change
          the theme.
        </p>
        <ul>
          {PREFERENCES.map(([name, values]) => (
            <li key={name}>
              <strong>{name}</strong>: {values}
            </li>
          ))}
        </ul>
        <p>
          Preferences are stored in this browser as cookies named <code>SACAP-&lt;preference&gt;</code>{" "}
          for 30 days. They are applied when the page is rendered, so pages open with your choices
          straight away. Clearing the cookies restores the defaults: light theme, vertical navigation and
          fluid content width.
        </p>
      </section>

      <section aria-labelledby="keyboard-shortcuts">
        <h2 id="keyboard-shortcuts">Keyboard shortcuts</h2>
        <p>
          Every screen can be used with the keyboard alone. Single-key shortcuts do not fire while you are
          typing in a text field.
        </p>
        <TableScroll label="Table of keyboard shortcuts">
          <table className={TABLE_CLASS}>
            <caption>Keyboard shortcuts</caption>
            <thead>
              <tr>
                <th scope="col">Keys</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {SHORTCUTS.map((shortcut) => (
                <tr key={shortcut.action}>
                  <td>
                    <Keys combos={shortcut.combos} />
                  </td>
                  <td>{shortcut.action}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
    </div>
  );
}
