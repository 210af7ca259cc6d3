import { Classes } from "@blueprintjs/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { TableScroll } from "~/components/TableScroll";

const TABLE_CLASS = `${Classes.HTML_TABLE} ${Classes.HTML_TABLE_STRIPED} ${Classes.COMPACT}`;

/** The 27 core indices of the Expert Team on Climate Change Detection and Indices (ETCCDI). */
const ETCCDI_INDICES: ReadonlyArray<readonly [code: string, name: string, definition: string, unit: string]> = [
  ["fd", "Frost days", "Annual count of days when the daily minimum temperature (TN) is below 0 °C.", "days"],
  ["su", "Summer days", "Annual count of days when the daily maximum temperature (TX) is above 25 °C.", "days"],
  ["id", "Icing days", "Annual count of days when TX is below 0 °C.", "days"],
  ["tr", "Tropical nights", "Annual count of days when TN is above 20 °C.", "days"],
  ["gsl", "Growing season length", "Annual count of days between the first span of at least 6 days with daily mean temperature (TG) above 5 °C and the first span after 1 July of at least 6 days with TG below 5 °C (Northern Hemisphere).", "days"],
  ["txx", "Hottest day", "Highest daily maximum temperature of the month or year.", "°C"],
  ["tnx", "Warmest night", "Highest daily minimum temperature of the month or year.", "°C"],
  ["txn", "Coldest day", "Lowest daily maximum temperature of the month or year.", "°C"],
  ["tnn", "Coldest night", "Lowest daily minimum temperature of the month or year.", "°C"],
  ["tn10p", "Cool nights", "Percentage of days when TN is below the calendar-day 10th percentile of the base period.", "% of days"],
  ["tx10p", "Cool days", "Percentage of days when TX is below the calendar-day 10th percentile of the base period.", "% of days"],
  ["tn90p", "Warm nights", "Percentage of days when TN is above the calendar-day 90th percentile of the base period.", "% of days"],
  ["tx90p", "Warm days", "Percentage of days when TX is above the calendar-day 90th percentile of the base period.", "% of days"],
  ["wsdi", "Warm spell duration index", "Annual count of days in spells of at least 6 consecutive days when TX is above the calendar-day 90th percentile.", "days"],
  ["csdi", "Cold spell duration index", "Annual count of days in spells of at least 6 consecutive days when TN is below the calendar-day 10th percentile.", "days"],
  ["dtr", "Diurnal temperature range", "Mean of the daily difference between TX and TN over the month or year.", "°C"],
  ["rx1day", "Maximum 1-day precipitation", "Highest precipitation total on a single day in the month or year.", "mm"],
  ["rx5day", "Maximum 5-day precipitation", "Highest precipitation total over 5 consecutive days in the month or year.", "mm"],
  ["sdii", "Simple daily intensity index", "Total precipitation on wet days (at least 1 mm) divided by the number of wet days in the year.", "mm/day"],
  ["r10mm", "Heavy precipitation days", "Annual count of days with precipitation of at least 10 mm.", "days"],
  ["r20mm", "Very heavy precipitation days", "Annual count of days with precipitation of at least 20 mm.", "days"],
  ["rnnmm", "Days above nn mm", "Annual count of days with precipitation of at least nn mm, for a user-defined threshold nn.", "days"],
  ["cdd", "Consecutive dry days", "Greatest number of consecutive days with precipitation below 1 mm.", "days"],
  ["cwd", "Consecutive wet days", "Greatest number of consecutive days with precipitation of at least 1 mm.", "days"],
  ["r95ptot", "Precipitation on very wet days", "Annual precipitation total from days when daily precipitation exceeds the 95th percentile of wet-day precipitation in the base period.", "mm"],
  ["r99ptot", "Precipitation on extremely wet days", "Annual precipitation total from days when daily precipitation exceeds the 99th percentile of wet-day precipitation in the base period.", "mm"],
  ["prcptot", "Total wet-day precipitation", "Annual total precipitation on wet days (at least 1 mm).", "mm"],
];

interface Term {
  id: string;
  term: string;
  /** Deep link target on the agro-ecological zoning page, as in #module-N or #module-N.M. */
  module: string;
  text: ReactNode;
}

const AEZ_TERMS: Term[] = [
  { id: "thermal-climate", module: "1.1", term: "Thermal climate (module 1.1)", text: "Broad climate class from monthly mean temperatures reduced to sea level: tropics (every month at least 18 °C), subtropics, temperate, boreal and arctic, twelve classes in all. Subtropics are split by rainfall seasonality (summer rainfall, winter rainfall, low rainfall below 250 mm a year); temperate and boreal climates by the annual temperature range (oceanic, sub-continental, continental)." },
  { id: "thermal-zone", module: "1.2", term: "Thermal zone (module 1.2)", text: "Subdivision of each thermal climate by the temperatures actually experienced at the site's elevation: warm, moderately cool, cool, cold and very cold." },
  { id: "temperature-sum", module: "1.3", term: "Temperature sum, TS (module 1.3)", text: "Sum over the year of the daily mean temperatures on days above a threshold (0, 5 or 10 °C), in degree-days (°C·day). It measures the heat available for crop growth; the map legend runs from 0 to 10 000." },
  { id: "lgp", module: "1.4", term: "Length of growing period, LGP (module 1.4)", text: "Number of days in the year when temperature permits crop growth (daily mean above 5 °C) and water from rainfall and stored soil moisture lets actual evapotranspiration reach at least half of potential evapotranspiration. LGP classes range from hyper-arid (0 days) through arid, dry and moist semi-arid, sub-humid and humid to per-humid (365 days)." },
  { id: "multi-cropping", module: "1.5", term: "Multi-cropping zones (modules 1.5 and 1.6)", text: "Zones A to H that show how many crops can be grown one after another in a year, from no cropping (A) through single (B), limited double (C), double (D), double with rice (E) and double rice or limited triple (F) to triple cropping (G, H). They are assessed separately for rain-fed (1.5) and irrigated (1.6) conditions." },
  { id: "fallow-period", module: "1.7", term: "Fallow period (module 1.7)", text: "Thermal zones used to set fallow requirements: how much of the time land must rest uncropped to keep soil fertility and yields sustainable under low and intermediate input farming. Classes depend on the thermal zone and on the annual mean temperature (tropics) or the temperature of the warmest month (elsewhere)." },
  { id: "frost-index", module: "1.81", term: "Frost index (module 1.81)", text: <>Air frost number F = √DDF / (√DDF + √DDT), where DDF is the annual sum of daily mean temperatures below 0 °C (freezing degree-days, as a positive number) and DDT the sum of those above 0 °C (thawing degree-days). F ranges from 0 (no frost) to 1.</> },
  { id: "permafrost", module: "1.82", term: "Permafrost (module 1.82)", text: "Permafrost classes from the frost index: continuous (F above 0.625), discontinuous (0.57 to 0.625), sporadic (0.495 to 0.57) and none (below 0.495). In South Asia permafrost occurs only in high mountains." },
  { id: "aez-classes", module: "1.9", term: "Agro-ecological zones (module 1.9)", text: "Classes that combine the thermal regime, the moisture regime (length of growing period) and broad soil, terrain and land cover qualities into zones of similar agricultural potential (57 classes in the GAEZ version 4 scheme)." },
  { id: "suitability", module: "2", term: "Suitability and yield classes (modules 2 to 5)", text: "Crop simulations give the maximum attainable yield of a crop, rain-fed or irrigated, with the optimum starting date of its cycle (day of the year, 1 to 365). The attainable yield is then reduced step by step for agro-climatic constraints (module 3: water stress, pests and diseases, workability, frost), soil constraints (module 4) and terrain constraints (module 5). Yield classes group the result relative to the best attainable yield, from very suitable through suitable, moderately suitable and marginally suitable to not suitable." },
  { id: "fournier-index", module: "5.1", term: "Fournier index (module 5.1)", text: <>A measure of rainfall erosivity from monthly precipitation: FI = 12 × Σ p<sub>i</sub>² / P, where p<sub>i</sub> is the precipitation of month i and P the annual total (the modified Fournier index of Arnoldus multiplied by 12). High values mean rain concentrated in a few months and a greater erosion risk on slopes. The map legend runs from 0 to 8 000.</> },
  { id: "economic-suitability", module: "6", term: "Economic suitability (module 6)", text: "Compares crops by the value of their attainable yield, using crop prices and production costs, to show which crops are the most profitable where." },
];

interface Section {
  id: string;
  title: string;
  body: ReactNode;
}

const list = (items: ReactNode[]) => (
  <ul>
    {items.map((item, index) => (
      <li key={index}>{item}</li>
    ))}
  </ul>
);

const SECTIONS: Section[] = [
  { id: "cmip6", title: "CMIP6 and NEX-GDDP-CMIP6", body: <>
    <p>The Coupled Model Intercomparison Project Phase 6 (CMIP6), coordinated by the World Climate Research Programme, is the set of global climate model experiments assessed in the IPCC Sixth Assessment Report. Global models typically run on grids of 100 km or coarser, too coarse for most national or basin questions.</p>
    <p>NASA Earth Exchange Global Daily Downscaled Projections (NEX-GDDP-CMIP6) provides daily, bias-corrected and statistically downscaled output of 35 CMIP6 models on a 0.25 degree grid (about 25 km), using bias-correction and spatial disaggregation (BCSD) against an observation-based reference, the Global Meteorological Forcing Dataset. Variables include precipitation, daily mean, minimum and maximum temperature, relative and specific humidity, shortwave and longwave radiation and wind speed. Each model contributes one run, named by its variant label (for example r1i1p1f1: realisation, initialisation, physics, forcing); the grid label (gn, gr, gr1, gr2) says whether the original output was on the model&apos;s native grid or regridded.</p>
  </> },
  { id: "scenarios", title: "Scenarios", body: list([
    <><strong>historical</strong>: simulations driven by observed changes in greenhouse gases, aerosols, land use, solar output and volcanoes. NEX-GDDP-CMIP6 provides 1950 to 2014.</>,
    <><strong>SSP2-4.5 (ssp245)</strong>: the middle-of-the-road Shared Socioeconomic Pathway 2 with intermediate emissions, reaching a radiative forcing of about 4.5 W/m² in 2100. The IPCC best estimate of warming for 2081-2100 is about 2.7 °C above 1850-1900.</>,
    <><strong>SSP5-8.5 (ssp585)</strong>: fossil-fuelled development (SSP5) with very high emissions, reaching about 8.5 W/m² in 2100; best estimate about 4.4 °C of warming for 2081-2100. It is a high-end scenario, useful for testing exposure to severe change.</>,
    "Projections run from 2015 to 2100. A scenario is a plausible future under stated assumptions, not a prediction, and no probability is attached to it.",
  ]) },
  { id: "ensemble", title: "Ensemble statistics", body: <>
    <p>The indicator is first computed for each model, then summarised across models for each year or period:</p>
    {list([
      <><strong>Median</strong> (50th percentile): half of the models are above and half below. It is less affected by a single outlying model than the mean.</>,
      <><strong>10th to 90th percentile range</strong>: the band that holds the central 80 % of model results. It shows how far the models agree; it is not a confidence interval, because the models are not independent random samples.</>,
      "A change whose sign is the same across most of the band is robust; a band that spans zero means the models disagree on the direction of change.",
    ])}
  </> },
  { id: "periods", title: "Baselines, climatologies and time windows", body: list([
    <><strong>Baseline 1995-2014</strong>: the last 20 years of the CMIP6 historical experiment, the recent-past reference period of the IPCC Sixth Assessment Report. Changes are usually expressed as the difference from the baseline (temperature) or as a percentage of it (precipitation).</>,
    <><strong>30-year climatologies</strong> 1901-1930, 1931-1960, 1961-1990 and 1991-2020: averages over 30 years, the length the World Meteorological Organization uses for climate normals; 1991-2020 is the current standard normal. Observed series cover 1901 to 2021.</>,
    <><strong>20-year projection windows</strong> 2020-2039, 2040-2059, 2060-2079 and 2080-2099: long enough to average out most year-to-year variability, and comparable with the 20-year baseline.</>,
    <><strong>Decadal rainfall layers</strong> 1980-89, 1990-99, 2000-09, 2010-19 and 2020-23 (the last one a partial decade).</>,
  ]) },
  { id: "etccdi", title: "ETCCDI climate extreme indices", body: <>
    <p>The Expert Team on Climate Change Detection and Indices defined 27 core indices computed from daily maximum temperature (TX), minimum temperature (TN), mean temperature (TG) and precipitation. A wet day has at least 1 mm of precipitation. Percentile thresholds are calendar-day values from a base period (1961-1990 in the ETCCDI standard), estimated with a 5-day window centred on each day. Some tools express r95ptot and r99ptot as a percentage of prcptot instead of in mm.</p>
    <TableScroll label="Table of the ETCCDI indices">
      <table className={TABLE_CLASS}>
        <caption>ETCCDI core indices</caption>
        <thead><tr><th scope="col">Code</th><th scope="col">Name</th><th scope="col">Definition</th><th scope="col">Unit</th></tr></thead>
        <tbody>
          {ETCCDI_INDICES.map(([code, name, definition, unit]) => (
            <tr key={code} id={`index-${code}`}><td><code>{code}</code></td><td>{name}</td><td>{definition}</td><td>{unit}</td></tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  </> },
  { id: "drought-indices", title: "Drought indices: SPI and SPEI", body: <>
    {list([
      <><strong>SPI, Standardized Precipitation Index</strong>: precipitation totals over an accumulation period (commonly 1, 3, 6 or 12 months) are fitted to a probability distribution, usually gamma, and transformed to a standard normal variable. SPI is in standard deviations: 0 is the median for that time of year.</>,
      <><strong>SPEI, Standardized Precipitation-Evapotranspiration Index</strong>: the same approach applied to the climatic water balance, precipitation minus potential evapotranspiration, usually with a log-logistic distribution. Because it includes evaporative demand, SPEI also responds to warming.</>,
      "Usual classes: 2.0 and above extremely wet; 1.5 to 1.99 very wet; 1.0 to 1.49 moderately wet; -0.99 to 0.99 near normal; -1.0 to -1.49 moderately dry; -1.5 to -1.99 severely dry; -2.0 and below extremely dry. Short accumulation periods follow soil moisture and crop stress; long ones follow streamflow, reservoirs and groundwater.",
    ])}
  </> },
  { id: "aez", title: "Agro-ecological zoning terms", body: <>
    <p>Agro-ecological zoning (AEZ), developed by FAO and IIASA in the GAEZ framework and implemented in the PyAEZ package, matches crop requirements with climate, soil and terrain. The terms below follow the modules of the <Link to="/pyaez">agro-ecological zoning page</Link>; each links to its map.</p>
    <dl>
      {AEZ_TERMS.map((t) => (
        <div key={t.id} id={t.id}>
          <dt><Link to={`/pyaez#module-${t.module}`}>{t.term}</Link></dt>
          <dd>{t.text}</dd>
        </div>
      ))}
    </dl>
  </> },
  { id: "seasons", title: "Cropping seasons", body: list([
    <><strong>Kharif</strong> (June to September): the southwest monsoon season. Crops such as rice, maize, cotton, soybean, pulses and sorghum are sown with the onset of the monsoon and harvested in autumn.</>,
    <><strong>Rabi</strong> (November to March): the dry winter season. Wheat, barley, mustard, chickpea and lentil grow on stored soil moisture, winter rain and irrigation and are harvested in spring.</>,
    "Calendars differ between countries and regions; Sri Lanka, for example, has the Maha (northeast monsoon) and Yala (southwest monsoon) seasons.",
  ]) },
  { id: "enso", title: "ENSO and the Oceanic Niño Index", body: <>
    <p>The El Niño-Southern Oscillation (ENSO) is the irregular, coupled ocean and atmosphere variation of the tropical Pacific between warm El Niño, neutral and cool La Niña phases, recurring every two to seven years. It shifts rainfall patterns worldwide; El Niño years often, though not always, bring a weaker South Asian summer monsoon and lower kharif output, and La Niña years a stronger one.</p>
    <p>The Oceanic Niño Index (ONI) of the US National Oceanic and Atmospheric Administration is the 3-month running mean of sea surface temperature anomalies in the Niño 3.4 region (5° N-5° S, 120°-170° W), relative to 30-year base periods that are updated every 5 years. Historical El Niño episodes are those with the ONI at or above +0.5 °C, and La Niña episodes at or below -0.5 °C, for at least five consecutive overlapping 3-month seasons.</p>
  </> },
  { id: "thi", title: "Temperature-humidity index (livestock heat stress)", body: <>
    <p>The temperature-humidity index (THI) combines air temperature and humidity into one measure of heat stress in livestock. A widely used form (US National Research Council, 1971) is THI = (1.8 × T + 32) − (0.55 − 0.0055 × RH) × (1.8 × T − 26), with T the air temperature in °C and RH the relative humidity in %.</p>
    <p>Thresholds used by the portal, each a day&apos;s THI at or above the value: for cattle the Livestock Weather Safety Index (Livestock Conservation Institute 1970; Hahn 1999; Nienaber and Hahn 2007), alert 75-78, danger 79-83 and emergency 84 and above; for dairy cows the onset of heat stress at 72 (Armstrong 1994) and of milk-yield losses in high-yielding cows at 68 (Zimbelman et al. 2009). Thresholds differ between species and breeds, and local breeds are often more heat tolerant; poultry, pigs, sheep and goats are assessed with other THI formulas.</p>
  </> },
  { id: "pet-water-balance", title: "Potential evapotranspiration and water balance", body: list([
    <><strong>Potential evapotranspiration (PET)</strong>: the water that would evaporate and transpire from a vegetated surface if water were not limited. The FAO-56 Penman-Monteith reference evapotranspiration (ET<sub>0</sub>) uses radiation, temperature, humidity and wind over a hypothetical grass surface 0.12 m tall; crop water needs are ET<sub>0</sub> times a crop coefficient. Simpler methods such as Hargreaves (temperature range and extraterrestrial radiation) or Thornthwaite (temperature and day length) need fewer inputs.</>,
    <><strong>Actual evapotranspiration</strong> is lower than PET whenever the soil is dry.</>,
    <><strong>Water balance</strong>: precipitation = actual evapotranspiration + runoff + change in storage (soil moisture, groundwater, snow and ice). Over many years storage changes little, so water yield, the water that leaves an area as surface and subsurface runoff, is about precipitation minus actual evapotranspiration.</>,
    <><strong>Climatic water balance</strong> P − PET and the aridity index P / PET describe dryness: by the UNEP classification, an aridity index below 0.05 is hyper-arid, 0.05-0.20 arid, 0.20-0.50 semi-arid and 0.50-0.65 dry sub-humid.</>,
  ]) },
];

export function Wiki() {
  return (
    <div className={Classes.RUNNING_TEXT}>
      <nav aria-labelledby="wiki-contents">
        <h2 id="wiki-contents">Contents</h2>
        <ol>
          {SECTIONS.map((s) => (
            <li key={s.id}><a href={`#${s.id}`}>{s.title}</a></li>
          ))}
        </ol>
      </nav>
      {SECTIONS.map((s) => (
        <section key={s.id} aria-labelledby={s.id}>
          <h2 id={s.id}>{s.title}</h2>
          {s.body}
        </section>
      ))}
      <p>
        See the <Link to="/user-guide">user guide</Link> for how to use each page, and the <Link to="/disclaimer">disclaimer</Link> for the limits of the data.
      </p>
    </div>
  );
}
