/** The standards behind the gridded fields and how they are computed, as the files, answers and downloads name them. */
export const GRID_REFERENCES =
  "IPCC AR6 WGI Atlas (Gutiérrez et al. 2021; Iturbide et al. 2021; Cross-Chapter Box Atlas.1, simple approach to model agreement); " +
  "CF Conventions 1.8 (cfconventions.org); ETCCDI indices as climdex.pcic computes them (Zhang et al. 2011); " +
  "NEX-GDDP-CMIP6 (Thrasher et al. 2022, doi:10.1038/s41597-022-01393-4)";

export const GRID_METHOD =
  "Per grid cell: each model's mean over the window (at a warming level, the model's own 20-year window) and over 1995-2014, each " +
  "from its yearly values (90 % of the years needed, as the place series), its change the difference; then the ensemble median, " +
  "10th and 90th percentiles (type 7) of the changes, the medians of the baseline and window means, and the share of models " +
  "agreeing on the sign of the change (robust at 80 %). Yearly values of the indices per cell as ETCCDI defines them (climdex); " +
  "seasons from the cell's monthly values, means weighted by each month's days in the run's own calendar (DJF belongs to the year it ends in).";
