/**
 * The standard note of every map of the portal (the viewers' maps, the profiles' locator maps): the
 * outlines and names of countries, states and provinces are those of the sources the maps are drawn
 * from, shown for orientation. One text, here, so every map says the same.
 */
export const BOUNDARY_DISCLAIMER = "The boundaries and names shown and the designations used on this map do not imply official endorsement or acceptance.";
