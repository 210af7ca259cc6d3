/**
 * Compact climate parameters of each geo for the sample generator: area means for 1995-2014, written
 * from the broad features of the CRU TS / ERA5 climatologies of the region (rounded; not a data set).
 * Everything the generator makes (seasonal cycles, extremes, humidity, radiation) derives from these.
 */

/** Rain-bearing systems; each has a fixed monthly shape (see `REGIME_SHAPES` in climatology.ts). */
export type RainRegime =
  /** South-west monsoon, June-September. */
  | "monsoon"
  /** Pre-monsoon convection ("nor'westers"), April-May. */
  | "premonsoon"
  /** North-east monsoon and post-monsoon cyclones, October-January. */
  | "northeast"
  /** Western disturbances, December-May, the rain and snow of Afghanistan and the upper Indus. */
  | "westerly";

export interface GeoClimate {
  /** Area centroid latitude, degrees north. */
  lat: number;
  /** Mean surface elevation, m. */
  elevation: number;
  /** Climate zone in words. */
  zone: string;
  /** Annual mean near-surface air temperature, °C. */
  tasMean: number;
  /** Amplitude of the annual temperature harmonic (half the warm-cold contrast), °C. */
  tasAmplitude: number;
  /** Calendar month (1-12, fractional) at which the harmonic peaks; 7 is mid-July. */
  tasPeakMonth: number;
  /** Extra cooling of the core monsoon months by cloud and rain, °C (makes May or June the hottest month). */
  monsoonCooling: number;
  /** Diurnal temperature range in the driest and in the wettest month, °C. */
  dtrDry: number;
  dtrWet: number;
  /** Spread of temperature across the area (elevation, coast to interior), °C: sets counts such as frost days. */
  spatialSd: number;
  /** Day-to-day standard deviation of daily temperature at a place, °C. */
  dailySd: number;
  /** Annual precipitation, mm. */
  prAnnual: number;
  /** Share of the annual precipitation each regime brings; the rest falls evenly over the year. */
  regimes: Partial<Record<RainRegime, number>>;
  /** Relative humidity in the driest and in the wettest month, %. */
  hursDry: number;
  hursWet: number;
  /** Mean 10 m wind speed, m/s, and the extra of the monsoon months (June-August). */
  windMean: number;
  windMonsoon: number;
  /** Local warming per degree of global warming: land and mountains warm faster, small islands slower. */
  warmingRatio: number;
  /** Precipitation change per degree of local warming, % per °C (monsoon regions wetter, the west drier). */
  prChange: number;
}

export const GEO_CLIMATES: Readonly<Record<string, GeoClimate>> = {
  AFG: {
    lat: 33.9, elevation: 1880, zone: "continental arid and semi-arid highlands, cold winters",
    tasMean: 12.3, tasAmplitude: 13.3, tasPeakMonth: 7, monsoonCooling: 0,
    dtrDry: 16, dtrWet: 12, spatialSd: 6, dailySd: 3.5,
    prAnnual: 330, regimes: { westerly: 0.72, monsoon: 0.05 },
    hursDry: 28, hursWet: 62, windMean: 2.8, windMonsoon: 0.8, warmingRatio: 1.3, prChange: -1.5,
  },
  BGD: {
    lat: 23.7, elevation: 85, zone: "tropical monsoon lowland delta",
    tasMean: 25.8, tasAmplitude: 6, tasPeakMonth: 6.6, monsoonCooling: 1.6,
    dtrDry: 11, dtrWet: 6, spatialSd: 1, dailySd: 1.8,
    prAnnual: 2450, regimes: { monsoon: 0.7, premonsoon: 0.16, northeast: 0.07 },
    hursDry: 66, hursWet: 87, windMean: 2.0, windMonsoon: 0.8, warmingRatio: 1.0, prChange: 5,
  },
  BTN: {
    lat: 27.4, elevation: 2700, zone: "montane monsoon, subtropical foothills to alpine",
    tasMean: 10.8, tasAmplitude: 7.2, tasPeakMonth: 7.2, monsoonCooling: 0.8,
    dtrDry: 12, dtrWet: 7, spatialSd: 6, dailySd: 2.4,
    prAnnual: 2200, regimes: { monsoon: 0.7, premonsoon: 0.15 },
    hursDry: 62, hursWet: 89, windMean: 1.8, windMonsoon: 0.4, warmingRatio: 1.3, prChange: 4,
  },
  IND: {
    lat: 22.5, elevation: 300, zone: "tropical monsoon: humid, semi-arid and Himalayan",
    tasMean: 24.6, tasAmplitude: 7, tasPeakMonth: 6.3, monsoonCooling: 2.6,
    dtrDry: 14, dtrWet: 8, spatialSd: 4.5, dailySd: 2.2,
    prAnnual: 1150, regimes: { monsoon: 0.76, northeast: 0.1, premonsoon: 0.05, westerly: 0.03 },
    hursDry: 45, hursWet: 81, windMean: 2.4, windMonsoon: 1.2, warmingRatio: 1.1, prChange: 5,
  },
  LKA: {
    lat: 7.9, elevation: 200, zone: "tropical island, two monsoons",
    tasMean: 27.0, tasAmplitude: 0.9, tasPeakMonth: 4.5, monsoonCooling: 0.3,
    dtrDry: 8.5, dtrWet: 6.5, spatialSd: 2, dailySd: 1.0,
    prAnnual: 1900, regimes: { northeast: 0.4, monsoon: 0.3, premonsoon: 0.12 },
    hursDry: 73, hursWet: 84, windMean: 3.0, windMonsoon: 1.5, warmingRatio: 0.9, prChange: 4,
  },
  MDV: {
    lat: 4.2, elevation: 1, zone: "equatorial ocean atolls, at sea level",
    tasMean: 28.2, tasAmplitude: 0.6, tasPeakMonth: 4.3, monsoonCooling: 0.2,
    dtrDry: 4.5, dtrWet: 3.8, spatialSd: 0.3, dailySd: 0.7,
    prAnnual: 1950, regimes: { monsoon: 0.42, northeast: 0.25, premonsoon: 0.12 },
    hursDry: 75, hursWet: 81, windMean: 5.0, windMonsoon: 1.5, warmingRatio: 0.8, prChange: 3,
  },
  NPL: {
    lat: 28.4, elevation: 2350, zone: "montane monsoon, Terai plains to high Himalaya",
    tasMean: 13.0, tasAmplitude: 7.5, tasPeakMonth: 6.9, monsoonCooling: 0.9,
    dtrDry: 13, dtrWet: 7, spatialSd: 7, dailySd: 2.5,
    prAnnual: 1600, regimes: { monsoon: 0.78, premonsoon: 0.09, westerly: 0.05 },
    hursDry: 55, hursWet: 86, windMean: 1.8, windMonsoon: 0.3, warmingRatio: 1.3, prChange: 5,
  },
  PAK: {
    lat: 30.4, elevation: 900, zone: "arid subtropical plains and Karakoram mountains",
    tasMean: 20.5, tasAmplitude: 11, tasPeakMonth: 6.4, monsoonCooling: 1.0,
    dtrDry: 15, dtrWet: 11, spatialSd: 6.5, dailySd: 3.0,
    prAnnual: 300, regimes: { monsoon: 0.55, westerly: 0.3 },
    hursDry: 38, hursWet: 62, windMean: 2.6, windMonsoon: 1.0, warmingRatio: 1.2, prChange: 4,
  },
  indus: {
    lat: 31.5, elevation: 1700, zone: "arid plains to glaciated Karakoram and Tibetan plateau",
    tasMean: 15.5, tasAmplitude: 11, tasPeakMonth: 6.7, monsoonCooling: 0.8,
    dtrDry: 15, dtrWet: 11, spatialSd: 8, dailySd: 3.0,
    prAnnual: 450, regimes: { monsoon: 0.5, westerly: 0.35 },
    hursDry: 38, hursWet: 62, windMean: 2.4, windMonsoon: 0.8, warmingRatio: 1.3, prChange: 3,
  },
  ganges: {
    lat: 26, elevation: 350, zone: "subtropical monsoon plains under the Himalaya",
    tasMean: 24.5, tasAmplitude: 8, tasPeakMonth: 6.2, monsoonCooling: 2.2,
    dtrDry: 14, dtrWet: 7.5, spatialSd: 4.5, dailySd: 2.3,
    prAnnual: 1100, regimes: { monsoon: 0.82, premonsoon: 0.05, westerly: 0.04 },
    hursDry: 45, hursWet: 84, windMean: 2.2, windMonsoon: 0.8, warmingRatio: 1.15, prChange: 6,
  },
  brahmaputra: {
    lat: 28.5, elevation: 3000, zone: "Tibetan plateau above very wet Assam and Meghalaya",
    tasMean: 10.5, tasAmplitude: 8, tasPeakMonth: 7.1, monsoonCooling: 0.8,
    dtrDry: 13, dtrWet: 7, spatialSd: 9, dailySd: 2.8,
    prAnnual: 2300, regimes: { monsoon: 0.68, premonsoon: 0.17 },
    hursDry: 55, hursWet: 86, windMean: 2.2, windMonsoon: 0.4, warmingRatio: 1.35, prChange: 5,
  },
  meghna: {
    lat: 24.5, elevation: 150, zone: "very wet tropical monsoon hills and floodplain",
    tasMean: 24.8, tasAmplitude: 5, tasPeakMonth: 6.6, monsoonCooling: 1.2,
    dtrDry: 11, dtrWet: 6, spatialSd: 1.8, dailySd: 1.8,
    prAnnual: 3300, regimes: { monsoon: 0.66, premonsoon: 0.22 },
    hursDry: 66, hursWet: 89, windMean: 1.8, windMonsoon: 0.6, warmingRatio: 1.0, prChange: 5,
  },
  godavari: {
    lat: 19, elevation: 430, zone: "tropical savanna plateau, monsoon rain",
    tasMean: 27.0, tasAmplitude: 6, tasPeakMonth: 5.8, monsoonCooling: 3.0,
    dtrDry: 15, dtrWet: 7.5, spatialSd: 1.5, dailySd: 1.8,
    prAnnual: 1100, regimes: { monsoon: 0.84, northeast: 0.06 },
    hursDry: 40, hursWet: 81, windMean: 2.5, windMonsoon: 1.5, warmingRatio: 1.05, prChange: 5,
  },
  krishna: {
    lat: 16.8, elevation: 520, zone: "semi-arid tropical plateau, Western Ghats at its head",
    tasMean: 26.8, tasAmplitude: 4.5, tasPeakMonth: 5.3, monsoonCooling: 2.5,
    dtrDry: 14, dtrWet: 7.5, spatialSd: 1.6, dailySd: 1.6,
    prAnnual: 850, regimes: { monsoon: 0.75, northeast: 0.13 },
    hursDry: 42, hursWet: 78, windMean: 2.8, windMonsoon: 1.8, warmingRatio: 1.05, prChange: 4,
  },
  cauvery: {
    lat: 11.8, elevation: 600, zone: "tropical, south-west and north-east monsoons",
    tasMean: 25.5, tasAmplitude: 3, tasPeakMonth: 4.8, monsoonCooling: 1.5,
    dtrDry: 12, dtrWet: 7.5, spatialSd: 2, dailySd: 1.3,
    prAnnual: 1100, regimes: { monsoon: 0.55, northeast: 0.3 },
    hursDry: 55, hursWet: 79, windMean: 2.8, windMonsoon: 1.5, warmingRatio: 1.0, prChange: 3,
  },
  mahanadi: {
    lat: 21.2, elevation: 420, zone: "tropical monsoon plateau and delta",
    tasMean: 26.5, tasAmplitude: 7, tasPeakMonth: 5.8, monsoonCooling: 3.0,
    dtrDry: 14, dtrWet: 7, spatialSd: 1.4, dailySd: 2.0,
    prAnnual: 1420, regimes: { monsoon: 0.85, premonsoon: 0.04 },
    hursDry: 42, hursWet: 85, windMean: 2.2, windMonsoon: 1.2, warmingRatio: 1.1, prChange: 5,
  },
  narmada: {
    lat: 22.5, elevation: 450, zone: "tropical dry-winter monsoon plateau",
    tasMean: 25.8, tasAmplitude: 8, tasPeakMonth: 5.8, monsoonCooling: 3.5,
    dtrDry: 15, dtrWet: 7, spatialSd: 1.5, dailySd: 2.2,
    prAnnual: 1150, regimes: { monsoon: 0.92 },
    hursDry: 35, hursWet: 82, windMean: 2.6, windMonsoon: 1.6, warmingRatio: 1.1, prChange: 5,
  },
  tapi: {
    lat: 21.3, elevation: 400, zone: "semi-arid tropical monsoon plateau",
    tasMean: 26.8, tasAmplitude: 7.5, tasPeakMonth: 5.7, monsoonCooling: 3.5,
    dtrDry: 15, dtrWet: 7.5, spatialSd: 1.3, dailySd: 2.2,
    prAnnual: 850, regimes: { monsoon: 0.92 },
    hursDry: 35, hursWet: 80, windMean: 2.6, windMonsoon: 1.6, warmingRatio: 1.1, prChange: 5,
  },
  pennar: {
    lat: 14.6, elevation: 350, zone: "semi-arid tropical rain shadow, north-east monsoon rain",
    tasMean: 28.0, tasAmplitude: 4.5, tasPeakMonth: 5.2, monsoonCooling: 1.5,
    dtrDry: 12.5, dtrWet: 8.5, spatialSd: 1.2, dailySd: 1.5,
    prAnnual: 700, regimes: { monsoon: 0.5, northeast: 0.38 },
    hursDry: 50, hursWet: 73, windMean: 3.0, windMonsoon: 2.0, warmingRatio: 1.05, prChange: 3,
  },
  helmand: {
    lat: 31.5, elevation: 1600, zone: "hot desert lowlands below cold arid highlands, winter rain",
    tasMean: 15.5, tasAmplitude: 13.5, tasPeakMonth: 7, monsoonCooling: 0,
    dtrDry: 17, dtrWet: 13, spatialSd: 6, dailySd: 3.5,
    prAnnual: 200, regimes: { westerly: 0.8 },
    hursDry: 23, hursWet: 56, windMean: 3.2, windMonsoon: 2.5, warmingRatio: 1.3, prChange: -3,
  },
  kabul: {
    lat: 34.4, elevation: 2300, zone: "cold semi-arid highlands, winter snow",
    tasMean: 10.0, tasAmplitude: 13, tasPeakMonth: 7, monsoonCooling: 0.2,
    dtrDry: 15, dtrWet: 11, spatialSd: 7, dailySd: 3.5,
    prAnnual: 480, regimes: { westerly: 0.7, monsoon: 0.08 },
    hursDry: 33, hursWet: 64, windMean: 2.0, windMonsoon: 0.5, warmingRatio: 1.35, prChange: -1,
  },
  "amu-darya": {
    lat: 38.5, elevation: 1700, zone: "continental dry: Pamir mountains above Turan desert",
    tasMean: 9.5, tasAmplitude: 15, tasPeakMonth: 7.1, monsoonCooling: 0,
    dtrDry: 15, dtrWet: 11, spatialSd: 8, dailySd: 4.0,
    prAnnual: 350, regimes: { westerly: 0.75 },
    hursDry: 33, hursWet: 68, windMean: 2.4, windMonsoon: 0.6, warmingRatio: 1.35, prChange: -1,
  },
  "harirud-murghab": {
    lat: 35, elevation: 1500, zone: "cold arid steppe and desert, winter-spring rain",
    tasMean: 13.5, tasAmplitude: 13.5, tasPeakMonth: 7, monsoonCooling: 0,
    dtrDry: 16, dtrWet: 12, spatialSd: 5, dailySd: 3.8,
    prAnnual: 250, regimes: { westerly: 0.8 },
    hursDry: 28, hursWet: 63, windMean: 3.5, windMonsoon: 1.5, warmingRatio: 1.3, prChange: -2,
  },
  mahaweli: {
    lat: 7.6, elevation: 450, zone: "tropical highlands to dry-zone plains, north-east monsoon rain",
    tasMean: 25.0, tasAmplitude: 1.2, tasPeakMonth: 4.8, monsoonCooling: 0.5,
    dtrDry: 9.5, dtrWet: 7, spatialSd: 2.5, dailySd: 1.0,
    prAnnual: 2200, regimes: { northeast: 0.5, monsoon: 0.18, premonsoon: 0.14 },
    hursDry: 70, hursWet: 86, windMean: 2.5, windMonsoon: 1.5, warmingRatio: 0.95, prChange: 4,
  },
};
