import type { GridFieldResponse } from "./grid";

/**
 * What the map viewer shows about a gridded field besides its picture: the field answer of
 * `/api/cmip6/grid` without its values (units, window, models, the range of the values, the method and
 * its source, sample or not). The page primes it for the first screen (the server's field answer less its
 * values); later fields come from the field answer (`gridApi.ts`), of which the browser keeps only this.
 */
export type GridSummary = Omit<GridFieldResponse, "values">;

export const summaryOfResponse = ({ values: _values, ...rest }: GridFieldResponse): GridSummary => rest;
