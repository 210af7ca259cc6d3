#!/usr/bin/env node
// Builds seeds/catalog-data.json: the data catalogue entries answered by GET /api/catalog_data.
//
// Entries cross real data products with the eight countries, their administrative levels, variables
// and periods. Entries that open a portal product carry a `<product>_id` (cmip6_id: an indicator
// tid, aez_id: an AEZ map id, viewer_id: a viewer layer id) read from the sibling seed files, so the
// references always resolve; the others link to the provider's public page.
//
// Deterministic: same inputs, same output, byte for byte. Run: node seeds/scripts/build-catalog.mjs

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const SEEDS = join(dirname(fileURLToPath(import.meta.url)), "..");
const readSeed = (file) => JSON.parse(readFileSync(join(SEEDS, file), "utf8"));

const COUNTRIES = [
  { iso3: "AFG", name: "Afghanistan", l1: "provinces", l2: "districts" },
  { iso3: "BGD", name: "Bangladesh", l1: "divisions", l2: "districts" },
  { iso3: "BTN", name: "Bhutan", l1: "dzongkhags", l2: "gewogs" },
  { iso3: "IND", name: "India", l1: "states", l2: "districts" },
  { iso3: "LKA", name: "Sri Lanka", l1: "provinces", l2: "districts" },
  { iso3: "MDV", name: "Maldives", l1: "atolls", l2: "islands" },
  { iso3: "NPL", name: "Nepal", l1: "provinces", l2: "districts" },
  { iso3: "PAK", name: "Pakistan", l1: "provinces", l2: "districts" },
];
const ALL = COUNTRIES.map((c) => c.iso3);
/** Gridded land products are too coarse for the Maldives' small islands. */
const LAND = ALL.filter((c) => c !== "MDV");
const country = (iso3) => COUNTRIES.find((c) => c.iso3 === iso3);
const unitTerm = (iso3, level) => country(iso3)[level === "1" ? "l1" : "l2"];

const slug = (...parts) =>
  parts
    .filter((p) => p !== null && p !== undefined && p !== "")
    .join("-")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const entries = [];
function add(entry) {
  const { id, data_sector, name, ref, link, topic, source, indic = null, geo, level = null, period = null, year_range = null, format, description } = entry;
  const out = { id, data_sector, name };
  if (ref) out[`${ref.product}_id`] = ref.id;
  else out.link = link;
  Object.assign(out, { topic, source, indic, geo, level, period, year_range, format, description });
  entries.push(out);
}

// ---------------------------------------------------------------------------------------------
// Climate statistics by administrative unit (the climate explorer's sources and indicators).

const INDIC = {
  rainfall: "rainfall",
  tavg: "average temperature",
  tmin: "minimum temperature",
  tmax: "maximum temperature",
  hurs: "relative humidity",
  rsds: "solar radiation",
  sfcWind: "wind speed",
  sfcWindDir: "wind direction",
  area_snowcover: "snow cover area",
  soil_loss: "soil loss",
};
const PERIOD_WORD = { monthly: "monthly", seasonal: "seasonal", annual: "annual" };
const PERIOD_NOTE = {
  monthly: "for each month",
  seasonal: "for each season (winter DJF, pre-monsoon MAM, monsoon JJAS, post-monsoon ON)",
  annual: "for each year",
};

const climateSources = [
  {
    source: "CHIRPS", label: "CHIRPS", indics: ["rainfall"], years: "1981-2021", geos: LAND, levels: ["1", "2"],
    periods: ["monthly", "annual"], link: "https://www.chc.ucsb.edu/data/chirps",
    about: "CHIRPS v2.0 (Climate Hazards Group InfraRed Precipitation with Station data, 0.05°, UC Santa Barbara)",
  },
  {
    source: "MSWEP", label: "MSWEP", indics: ["rainfall"], years: "1979-2020", geos: ALL, levels: ["1"],
    periods: ["monthly", "annual"], link: "https://www.gloh2o.org/mswep/",
    about: "MSWEP v2.8 (Multi-Source Weighted-Ensemble Precipitation, 0.1°, merging gauge, satellite and reanalysis data)",
  },
  {
    source: "ERA5", label: "ERA5", indics: ["rainfall", "tavg", "tmin", "tmax", "hurs", "rsds", "sfcWind", "sfcWindDir"],
    years: "1981-2021", geos: ALL, levels: ["1"], periods: ["monthly"],
    link: "https://cds.climate.copernicus.eu/datasets/reanalysis-era5-single-levels",
    about: "the ERA5 global reanalysis (ECMWF, Copernicus Climate Change Service, 0.25°)",
  },
  {
    source: "ERA5_land", label: "ERA5-Land", indics: ["rainfall", "tavg", "tmin", "tmax"], years: "1981-2021",
    geos: LAND, levels: ["2"], periods: ["monthly"],
    link: "https://cds.climate.copernicus.eu/datasets/reanalysis-era5-land",
    about: "the ERA5-Land reanalysis (ECMWF, Copernicus Climate Change Service, 0.1°, land only)",
  },
  {
    source: "APHRODITE", label: "APHRODITE", indics: ["rainfall"], years: "1951-2015", geos: LAND, levels: ["1"],
    periods: ["monthly"], link: "http://aphrodite.st.hirosaki-u.ac.jp/",
    about: "APHRODITE Monsoon Asia daily gauge-based precipitation (V1101 and its extension V1101EX_R1, 0.25°)",
  },
  {
    source: "CRU", label: "CRU TS", indics: ["rainfall", "tavg"], years: "1901-2021", geos: LAND, levels: ["1"],
    periods: ["annual"], link: "https://crudata.uea.ac.uk/cru/data/hrg/",
    about: "CRU TS v4.06 (Climatic Research Unit, University of East Anglia, 0.5° monthly station-based grids)",
  },
  {
    source: "GPCC", label: "GPCC", indics: ["rainfall"], years: "1891-2020", geos: LAND, levels: ["1"],
    periods: ["monthly"], link: "https://www.dwd.de/EN/ourservices/gpcc/gpcc.html",
    about: "the GPCC Full Data Monthly Product v2022 (Global Precipitation Climatology Centre, Deutscher Wetterdienst, 0.25°)",
  },
  {
    source: "IMD", label: "IMD", indics: ["rainfall"], years: "1901-2022", geos: ["IND"], levels: ["1", "2"],
    periods: ["monthly", "seasonal", "annual"], link: "https://imdpune.gov.in/cmpg/Griddata/Rainfall_25_Bin.html",
    about: "the India Meteorological Department daily gridded rainfall (0.25°)",
  },
  {
    source: "IMD", label: "IMD", indics: ["tmin", "tmax"], years: "1951-2022", geos: ["IND"], levels: ["1", "2"],
    periods: ["monthly"], link: "https://imdpune.gov.in/Clim_Pred_LRF_New/Grided_Data_Download.html",
    about: "the India Meteorological Department daily gridded temperature (1°)",
  },
  {
    source: "MODIS", label: "MODIS", indics: ["area_snowcover"], years: "2001-2021", geos: ["AFG", "BTN", "IND", "NPL", "PAK"],
    levels: ["1", "2"], periods: ["monthly"], link: "https://nsidc.org/data/mod10cm",
    about: "MODIS/Terra Snow Cover Monthly L3 Global 0.05Deg CMG (MOD10CM, NASA NSIDC DAAC)",
  },
  {
    source: "custom", label: "SACAP", indics: ["soil_loss"], years: "2001-2020", geos: LAND, levels: ["1", "2"],
    periods: ["annual"], link: "https://esdac.jrc.ec.europa.eu/content/global-soil-erosion",
    about: "a RUSLE soil erosion model following the JRC global soil erosion method, with rainfall erosivity from CHIRPS, soil erodibility from SoilGrids, slope from SRTM and cover from MODIS land cover",
    sector: "Environment",
  },
];

for (const s of climateSources) {
  for (const indic of s.indics) {
    for (const iso3 of s.geos) {
      for (const level of s.levels) {
        for (const period of s.periods) {
          const { name: countryName } = country(iso3);
          const units = unitTerm(iso3, level);
          const what = indic === "soil_loss" ? "annual soil loss (t/ha/year)" : `${PERIOD_WORD[period]} ${INDIC[indic]}`;
          add({
            id: slug(s.label, indic, iso3, `l${level}`, period),
            data_sector: s.sector ?? "Weather & Climate",
            name: `${s.label} ${what}, ${countryName}, ${units}, ${s.years}`,
            link: s.link,
            topic: "climate",
            source: s.source,
            indic,
            geo: iso3,
            level,
            period,
            year_range: s.years,
            format: "CSV",
            description: `${capitalise(INDIC[indic])} from ${s.about}, averaged over the ${units} of ${countryName} ${PERIOD_NOTE[period]}, ${s.years}.`,
          });
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Portal products: CMIP6 indicators, AEZ maps and viewer layers.

const indicators = readSeed("indicators.json");
for (const ind of indicators) {
  const projected = ind.field_api_type === "projected";
  const period = ind.field_api_url === "cmip6/v1/monthly" || ind.field_api_type === "monthly" ? "monthly" : "annual";
  add({
    id: slug("nex-gddp-cmip6", ind.field_value, ind.field_api_url ?? ind.field_api_type),
    data_sector: "Weather & Climate",
    name: `NEX-GDDP-CMIP6 ${lowerFirst(ind.name)}, South Asia, ${projected ? "2020-2099" : "1950-2100"}`,
    ref: { product: "cmip6", id: ind.tid },
    topic: "climate",
    source: "NEX-GDDP-CMIP6",
    indic: ind.field_value,
    geo: "regional",
    period,
    year_range: projected ? "2020-2099" : "1950-2100",
    format: "NetCDF",
    description: `${ind.field_description} Computed from the 35 bias-corrected, downscaled (0.25°) NASA NEX-GDDP-CMIP6 models for the historical, SSP2-4.5 and SSP5-8.5 experiments.`,
  });
}

const modules = readSeed("pyaez-modules.json");
for (const m of modules) {
  for (const c of m.child) {
    add({
      id: slug("pyaez", m.name, c.name),
      data_sector: "Agriculture",
      name: `PyAEZ ${m.name.toLowerCase()}: ${c.name}, South Asia`,
      ref: { product: "aez", id: c.id },
      topic: "agriculture",
      source: "PyAEZ",
      indic: slug(c.name).replace(/-/g, "_"),
      geo: "regional",
      format: "GeoTIFF",
      description: c.desc,
    });
  }
}

const layers = readSeed("viewer-layers.json");
const VIEWER_SOURCE = { wb: "World Bank CCKP", mswep: "MSWEP", chirps: "CHIRPS", era5_land: "ERA5-Land", rimes: "RIMES" };
for (const layer of layers) {
  const tile = layer.tiles[0];
  const f = layer.filter;
  add({
    id: slug("map", tile.name),
    data_sector: f.sector === "agriculture" ? "Agriculture" : "Weather & Climate",
    name: `Map layer: ${tile.name}`,
    ref: { product: "viewer", id: layer.id },
    topic: f.sector === "agriculture" ? "agriculture" : "climate",
    source: VIEWER_SOURCE[f.source],
    indic: f.variable,
    geo: "regional",
    period: f.aggregation,
    year_range: fullYears(f.period),
    format: "WMS",
    description: `${tile.name}: a ${f.type} map of ${f.category} over South Asia. Source: ${tile.attribution}.`,
  });
}

// ---------------------------------------------------------------------------------------------
// Provider datasets by country.

function perCountry(geos, make) {
  for (const iso3 of geos) make(country(iso3));
}

// Administrative
for (const level of ["1", "2"]) {
  perCountry(level === "1" ? ALL : LAND, (c) =>
    add({
      id: slug("gadm", c.iso3, `l${level}`),
      data_sector: "Administrative",
      name: `GADM 4.1 administrative boundaries, ${c.name}, ${unitTerm(c.iso3, level)}`,
      link: "https://gadm.org/download_country.html",
      topic: "data", source: "GADM", indic: "boundaries", geo: c.iso3, level, format: "GeoPackage",
      description: `Boundaries of the ${unitTerm(c.iso3, level)} of ${c.name} (administrative level ${level}) from the GADM database of global administrative areas, version 4.1.`,
    }),
  );
}

// Social
perCountry(ALL, (c) =>
  add({
    id: slug("worldpop", "population", c.iso3),
    data_sector: "Social",
    name: `WorldPop population counts, ${c.name}, 100 m, 2000-2020`,
    link: "https://www.worldpop.org/",
    topic: "planning", source: "WorldPop", indic: "population", geo: c.iso3, period: "annual", year_range: "2000-2020", format: "GeoTIFF",
    description: `Estimated number of people per 100 m grid cell in ${c.name} for each year from 2000 to 2020, from WorldPop (University of Southampton).`,
  }),
);
perCountry(ALL, (c) =>
  add({
    id: slug("worldpop", "age-sex", c.iso3),
    data_sector: "Social",
    name: `WorldPop age and sex structures, ${c.name}, 2020`,
    link: "https://www.worldpop.org/",
    topic: "planning", source: "WorldPop", indic: "population_age_sex", geo: c.iso3, year_range: "2020", format: "GeoTIFF",
    description: `Estimated population of ${c.name} by five-year age group and sex per 100 m grid cell in 2020, from WorldPop.`,
  }),
);
perCountry(["AFG", "BGD", "IND", "MDV", "NPL", "PAK"], (c) =>
  add({
    id: slug("dhs", "subnational", c.iso3),
    data_sector: "Social",
    name: `DHS subnational health and nutrition indicators, ${c.name}, ${c.l1}`,
    link: "https://dhsprogram.com/",
    topic: "planning", source: "DHS Program", indic: "health_nutrition", geo: c.iso3, level: "1", format: "CSV",
    description: `Demographic and Health Survey indicators (child nutrition, maternal health, water and sanitation, wealth) for the ${c.l1} of ${c.name}.`,
  }),
);

// Transport
perCountry(ALL, (c) =>
  add({
    id: slug("osm", "roads", c.iso3),
    data_sector: "Transport",
    name: `OpenStreetMap roads, ${c.name}`,
    link: "https://download.geofabrik.de/asia.html",
    topic: "planning", source: "OpenStreetMap", indic: "roads", geo: c.iso3, format: "PBF",
    description: `Road network of ${c.name} from OpenStreetMap (Geofabrik country extract), with road class, surface and name.`,
  }),
);
perCountry(LAND.filter((i) => i !== "BTN"), (c) =>
  add({
    id: slug("osm", "railways", c.iso3),
    data_sector: "Transport",
    name: `OpenStreetMap railways, ${c.name}`,
    link: "https://download.geofabrik.de/asia.html",
    topic: "planning", source: "OpenStreetMap", indic: "railways", geo: c.iso3, format: "PBF",
    description: `Railway lines and stations of ${c.name} from OpenStreetMap (Geofabrik country extract).`,
  }),
);
perCountry(ALL, (c) =>
  add({
    id: slug("ourairports", c.iso3),
    data_sector: "Transport",
    name: `Airports and airstrips, ${c.name}`,
    link: "https://ourairports.com/data/",
    topic: "planning", source: "OurAirports", indic: "airports", geo: c.iso3, format: "CSV",
    description: `Airports, airstrips and heliports of ${c.name} with location, type, elevation and runway data, from OurAirports.`,
  }),
);

// Environment
const environment = [
  ["esa-worldcover", "ESA WorldCover land cover", "10 m, 2020-2021", "ESA WorldCover", "land_cover", null, "2020-2021", "https://esa-worldcover.org/",
    (c) => `Land cover of ${c.name} in 11 classes at 10 m resolution from Sentinel-1 and Sentinel-2, for 2020 and 2021 (ESA WorldCover).`],
  ["modis-mcd12q1", "MODIS land cover type (MCD12Q1)", "500 m, 2001-2022", "MODIS", "land_cover", "annual", "2001-2022", "https://lpdaac.usgs.gov/products/mcd12q1v061/",
    (c) => `Yearly land cover of ${c.name} at 500 m from the MODIS Terra and Aqua combined land cover product MCD12Q1 v6.1 (IGBP classification).`],
  ["modis-mod13a3", "MODIS vegetation indices NDVI and EVI (MOD13A3)", "1 km, 2000-2023", "MODIS", "ndvi", "monthly", "2000-2023", "https://lpdaac.usgs.gov/products/mod13a3v061/",
    (c) => `Monthly NDVI and EVI over ${c.name} at 1 km from MODIS Terra (MOD13A3 v6.1), a measure of vegetation greenness and crop condition.`],
  ["soilgrids", "SoilGrids soil properties", "250 m", "SoilGrids", "soil_properties", null, null, "https://soilgrids.org/",
    (c) => `Predicted soil properties of ${c.name} (organic carbon, pH, texture, bulk density, nitrogen) at six depths and 250 m resolution, from ISRIC SoilGrids 2.0.`],
  ["hansen-gfc", "Global forest change", "30 m, 2000-2023", "Hansen/UMD", "forest_loss", "annual", "2000-2023", "https://glad.earthengine.app/view/global-forest-change",
    (c) => `Tree cover in 2000 and yearly forest loss in ${c.name} at 30 m from Landsat (Hansen et al., University of Maryland, v1.11).`],
  ["srtm", "SRTM elevation", "30 m", "SRTM", "elevation", null, "2000", "https://www.usgs.gov/centers/eros/science/usgs-eros-archive-digital-elevation-shuttle-radar-topography-mission-srtm-1",
    (c) => `Digital elevation model of ${c.name} at 1 arc-second (about 30 m) from the Shuttle Radar Topography Mission (NASA, USGS EROS).`],
];
for (const [key, title, res, source, indic, period, years, link, describe] of environment) {
  perCountry(ALL, (c) =>
    add({
      id: slug(key, c.iso3),
      data_sector: "Environment",
      name: `${title}, ${c.name}${res ? `, ${res}` : ""}`,
      link, topic: "data", source, indic, geo: c.iso3, period, year_range: years,
      format: "GeoTIFF",
      description: describe(c),
    }),
  );
}

// Water resources
const BASINS = ["Indus", "Ganges", "Brahmaputra", "Meghna", "Godavari", "Krishna", "Cauvery", "Mahanadi", "Narmada", "Tapi", "Pennar", "Helmand", "Kabul", "Amu Darya", "Harirud-Murghab", "Mahaweli"];
perCountry(ALL, (c) =>
  add({
    id: slug("hydrorivers", c.iso3),
    data_sector: "Water Resources",
    name: `HydroRIVERS river network, ${c.name}`,
    link: "https://www.hydrosheds.org/",
    topic: "water", source: "HydroSHEDS", indic: "rivers", geo: c.iso3, format: "Shapefile",
    description: `River reaches of ${c.name} with long-term average discharge and stream order, from HydroRIVERS (HydroSHEDS, WWF).`,
  }),
);
add({
  id: "hydrobasins-south-asia",
  data_sector: "Water Resources",
  name: "HydroBASINS watershed boundaries, South Asia, levels 1-12",
  link: "https://www.hydrosheds.org/",
  topic: "water", source: "HydroSHEDS", indic: "basins", geo: "regional", format: "Shapefile",
  description: "Nested watershed boundaries from Pfafstetter level 1 to 12 covering the Indus, Ganges-Brahmaputra-Meghna and other South Asian basins, from HydroBASINS (HydroSHEDS).",
});
perCountry(["AFG", "BGD", "IND", "LKA", "NPL", "PAK"], (c) =>
  add({
    id: slug("grdc", c.iso3),
    data_sector: "Water Resources",
    name: `GRDC river discharge stations, ${c.name}`,
    link: "https://grdc.bafg.de/",
    topic: "water", source: "GRDC", indic: "discharge", geo: c.iso3, period: "daily", format: "CSV",
    description: `Observed daily and monthly river discharge at gauging stations in ${c.name}, from the Global Runoff Data Centre (BfG).`,
  }),
);
perCountry(ALL, (c) =>
  add({
    id: slug("jrc-gsw", c.iso3),
    data_sector: "Water Resources",
    name: `JRC Global Surface Water, ${c.name}, 1984-2021`,
    link: "https://global-surface-water.appspot.com/",
    topic: "water", source: "JRC GSW", indic: "surface_water", geo: c.iso3, year_range: "1984-2021", format: "GeoTIFF",
    description: `Where and how often surface water was present in ${c.name} from 1984 to 2021 at 30 m, mapped from Landsat (European Commission JRC).`,
  }),
);
perCountry(LAND, (c) =>
  add({
    id: slug("gleam", "evaporation", c.iso3),
    data_sector: "Water Resources",
    name: `GLEAM actual evaporation, ${c.name}, 1980-2022`,
    link: "https://www.gleam.eu/",
    topic: "water", source: "GLEAM", indic: "evaporation", geo: c.iso3, period: "monthly", year_range: "1980-2022", format: "NetCDF",
    description: `Monthly actual evaporation and root-zone soil moisture over ${c.name} from the Global Land Evaporation Amsterdam Model (GLEAM v3.8a, 0.25°).`,
  }),
);
for (const basin of BASINS) {
  add({
    id: slug("isimip3b", "runoff", basin),
    data_sector: "Water Resources",
    name: `ISIMIP3b projected water yield, ${basin} basin, 2015-2100`,
    link: "https://data.isimip.org/",
    topic: "water", source: "ISIMIP", indic: "water_yield", geo: "regional", period: "annual", year_range: "2015-2100", format: "NetCDF",
    description: `Projected annual total runoff (water yield) over the ${basin} basin from ISIMIP3b global hydrological models driven by CMIP6 climate models under SSP1-2.6, SSP3-7.0 and SSP5-8.5.`,
  });
}
perCountry(ALL, (c) =>
  add({
    id: slug("aqueduct", c.iso3),
    data_sector: "Water Resources",
    name: `Aqueduct water risk, ${c.name}`,
    link: "https://www.wri.org/aqueduct",
    topic: "water", source: "WRI Aqueduct", indic: "water_stress", geo: c.iso3, format: "GeoPackage",
    description: `Baseline water stress, drought, flood and other water risk indicators for the sub-basins of ${c.name}, from the WRI Aqueduct 4.0 water risk atlas.`,
  }),
);

// Disaster management
perCountry(ALL, (c) =>
  add({
    id: slug("emdat", c.iso3),
    data_sector: "Disaster Management",
    name: `EM-DAT disaster events, ${c.name}, 2000-2023`,
    link: "https://www.emdat.be/",
    topic: "disaster", source: "EM-DAT", indic: "disaster_events", geo: c.iso3, year_range: "2000-2023", format: "XLSX",
    description: `Natural and technological disasters recorded in ${c.name} from 2000 to 2023 with deaths, people affected and damage, from the EM-DAT international disaster database (CRED, UCLouvain).`,
  }),
);
for (const basin of BASINS) {
  add({
    id: slug("glofas", "reanalysis", basin),
    data_sector: "Disaster Management",
    name: `GloFAS river discharge reanalysis, ${basin} basin, 1979-2023`,
    link: "https://www.globalfloods.eu/",
    topic: "disaster", source: "GloFAS", indic: "discharge", geo: "regional", period: "daily", year_range: "1979-2023", format: "NetCDF",
    description: `Daily simulated river discharge over the ${basin} basin from the Global Flood Awareness System reanalysis (Copernicus Emergency Management Service, 0.05°).`,
  });
}
perCountry(["AFG", "BGD", "BTN", "IND", "LKA", "NPL", "PAK"], (c) =>
  add({
    id: slug("lhasa", c.iso3),
    data_sector: "Disaster Management",
    name: `NASA LHASA landslide hazard nowcast, ${c.name}`,
    link: "https://gpm.nasa.gov/landslides/",
    topic: "disaster", source: "NASA LHASA", indic: "landslide_hazard", geo: c.iso3, period: "daily", format: "GeoTIFF",
    description: `Daily landslide hazard nowcast for ${c.name} from NASA's Landslide Hazard Assessment for Situational Awareness model, combining GPM IMERG rainfall with a susceptibility map.`,
  }),
);
perCountry(["BGD", "IND", "LKA", "MDV", "PAK"], (c) =>
  add({
    id: slug("ibtracs", c.iso3),
    data_sector: "Disaster Management",
    name: `IBTrACS tropical cyclone tracks, ${c.name}, 1980-2023`,
    link: "https://www.ncei.noaa.gov/products/international-best-track-archive",
    topic: "disaster", source: "IBTrACS", indic: "cyclone_tracks", geo: c.iso3, year_range: "1980-2023", format: "Shapefile",
    description: `Tracks and intensities of tropical cyclones that passed near ${c.name} from 1980 to 2023, from the International Best Track Archive for Climate Stewardship (NOAA NCEI).`,
  }),
);
perCountry(["IND", "LKA", "NPL"], (c) =>
  add({
    id: slug("desinventar", c.iso3),
    data_sector: "Disaster Management",
    name: `DesInventar disaster losses, ${c.name}, ${c.l2}`,
    link: "https://www.desinventar.net/",
    topic: "disaster", source: "DesInventar", indic: "disaster_losses", geo: c.iso3, level: "2", format: "CSV",
    description: `Disaster loss records for the ${c.l2} of ${c.name}: deaths, houses destroyed and damaged, crops and livestock lost, from the DesInventar Sendai disaster loss databases.`,
  }),
);
perCountry(ALL, (c) =>
  add({
    id: slug("spei", "base", c.iso3),
    data_sector: "Disaster Management",
    name: `SPEIbase drought index, ${c.name}, 1901-2022`,
    link: "https://spei.csic.es/database.html",
    topic: "disaster", source: "SPEIbase", indic: "spei", geo: c.iso3, period: "monthly", year_range: "1901-2022", format: "NetCDF",
    description: `Standardized Precipitation-Evapotranspiration Index over ${c.name} at time scales of 1 to 48 months, from the global SPEIbase v2.9 (CSIC, 0.5°).`,
  }),
);
add({
  id: "gdacs-alerts-south-asia",
  data_sector: "Disaster Management",
  name: "GDACS disaster alerts, South Asia",
  link: "https://www.gdacs.org/",
  topic: "disaster", source: "GDACS", indic: "alerts", geo: "regional", period: "daily", format: "JSON",
  description: "Near-real-time alerts for earthquakes, tropical cyclones, floods and droughts in South Asia from the Global Disaster Alert and Coordination System (UN and European Commission).",
});

// Agriculture and livestock
perCountry(ALL, (c) =>
  add({
    id: slug("faostat", "crops", c.iso3),
    data_sector: "Agriculture",
    name: `FAOSTAT crop production, ${c.name}, 1961-2022`,
    link: "https://www.fao.org/faostat/en/#data/QCL",
    topic: "agriculture", source: "FAOSTAT", indic: "crop_production", geo: c.iso3, period: "annual", year_range: "1961-2022", format: "CSV",
    description: `Area harvested, yield and production of primary crops in ${c.name} from 1961 to 2022, from FAOSTAT (Crops and livestock products).`,
  }),
);
perCountry(ALL, (c) =>
  add({
    id: slug("faostat", "livestock", c.iso3),
    data_sector: "Agriculture",
    name: `FAOSTAT livestock numbers and products, ${c.name}, 1961-2022`,
    link: "https://www.fao.org/faostat/en/#data/QCL",
    topic: "livestock", source: "FAOSTAT", indic: "livestock", geo: c.iso3, period: "annual", year_range: "1961-2022", format: "CSV",
    description: `Stocks of cattle, buffaloes, sheep, goats and poultry and production of milk, meat and eggs in ${c.name} from 1961 to 2022, from FAOSTAT.`,
  }),
);
for (const species of ["cattle", "buffaloes"]) {
  perCountry(LAND, (c) =>
    add({
      id: slug("glw4", species, c.iso3),
      data_sector: "Agriculture",
      name: `Gridded Livestock of the World: ${species}, ${c.name}, 2015`,
      link: "https://dataverse.harvard.edu/dataverse/glw_4",
      topic: "livestock", source: "FAO GLW 4", indic: species, geo: c.iso3, year_range: "2015", format: "GeoTIFF",
      description: `Modelled density of ${species} in ${c.name} in 2015 at about 10 km resolution, from FAO's Gridded Livestock of the World (GLW 4).`,
    }),
  );
}
perCountry(ALL, (c) =>
  add({
    id: slug("mapspam", c.iso3),
    data_sector: "Agriculture",
    name: `MapSPAM crop area and production, ${c.name}, 2020`,
    link: "https://www.mapspam.info/",
    topic: "agriculture", source: "MapSPAM", indic: "crop_area", geo: c.iso3, year_range: "2020", format: "GeoTIFF",
    description: `Physical area, harvested area, yield and production of 46 crops in ${c.name} by farming system at about 10 km, from the Spatial Production Allocation Model (SPAM 2020, IFPRI).`,
  }),
);
perCountry(ALL, (c) =>
  add({
    id: slug("gaez-v4", c.iso3),
    data_sector: "Agriculture",
    name: `FAO GAEZ v4 crop suitability and attainable yield, ${c.name}`,
    link: "https://gaez.fao.org/",
    topic: "agriculture", source: "FAO GAEZ", indic: "crop_suitability", geo: c.iso3, format: "GeoTIFF",
    description: `Crop suitability and agro-climatically attainable yields for ${c.name} under historical and future climates, rainfed and irrigated, from FAO/IIASA Global Agro-Ecological Zones v4.`,
  }),
);

// ---------------------------------------------------------------------------------------------

function capitalise(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
function lowerFirst(s) {
  return /^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}
/** "2000-09" -> "2000-2009"; "1991-2020" unchanged. */
function fullYears(period) {
  const [from, to] = period.split("-");
  return to.length === 2 ? `${from}-${from.slice(0, 2)}${to}` : period;
}

const ids = new Set();
for (const e of entries) {
  if (ids.has(e.id)) throw new Error(`duplicate catalogue id ${e.id}`);
  ids.add(e.id);
}

writeFileSync(join(SEEDS, "catalog-data.json"), JSON.stringify(entries, null, 2) + "\n");
const bySector = {};
for (const e of entries) bySector[e.data_sector] = (bySector[e.data_sector] ?? 0) + 1;
console.log(`catalog-data.json: ${entries.length} entries`, bySector);
