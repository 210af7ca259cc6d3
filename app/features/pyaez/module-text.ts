/**
 * What each PyAEZ module does, shown under its heading. The /api module entity (spec section 3) has no
 * description, so the page carries them; a module without one shows just its maps.
 */
export const MODULE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  "1": "Characterises the climate of every grid cell: thermal climates and zones, temperature sums, the length of the growing period, multiple cropping zones, fallow requirements, frost and permafrost, and the agro-ecological zones they combine into.",
  "2": "Simulates crop growth for each grid cell and each possible start of the crop cycle, rainfed and irrigated, with the GAEZ biomass and yield model: the potential yield, its suitability class and the optimum starting date.",
  "3": "Reduces the potential yield by agro-climatic constraints (water stress, pests and diseases, workability, frost) to the agro-climatically attainable yield, and maps the reduction factors, rainfed and irrigated.",
  "4": "Rates soils by the qualities crops need (nutrient availability and retention, rooting conditions, oxygen, salinity and sodicity, lime and gypsum, workability) and applies the rating to the climate-adjusted yields.",
  "5": "Applies terrain constraints: slope classes combined with rainfall erosivity, the modified Fournier index, reduce yields where cultivation would risk erosion.",
  "6": "Turns attainable yields into economic suitability: with crop prices and production costs it estimates the net revenue per hectare and ranks where each crop is most profitable.",
};
