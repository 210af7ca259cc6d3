/**
 * Area centroid latitudes (degrees north) of the geos, for the extraterrestrial radiation of the PET
 * estimate. The same values as the series store's geo parameters (a unit test keeps them equal).
 */
export const GEO_LATITUDES: Readonly<Record<string, number>> = {
  "AFG": 33.9,
  "BGD": 23.7,
  "BTN": 27.4,
  "IND": 22.5,
  "LKA": 7.9,
  "MDV": 4.2,
  "NPL": 28.4,
  "PAK": 30.4,
  "indus": 31.5,
  "ganges": 26,
  "brahmaputra": 28.5,
  "meghna": 24.5,
  "godavari": 19,
  "krishna": 16.8,
  "cauvery": 11.8,
  "mahanadi": 21.2,
  "narmada": 22.5,
  "tapi": 21.3,
  "pennar": 14.6,
  "helmand": 31.5,
  "kabul": 34.4,
  "amu-darya": 38.5,
  "harirud-murghab": 35,
  "mahaweli": 7.6,
};
