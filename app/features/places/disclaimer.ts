/**
 * The standard disclaimer every map and place profile carries: borders in South Asia (Jammu and Kashmir,
 * Ladakh, Gilgit-Baltistan, Aksai Chin, Arunachal Pradesh, Kalapani) are disputed, and what the portal
 * draws is Natural Earth's de facto depiction, not a position.
 */
export const BOUNDARY_DISCLAIMER = "The boundaries and names shown and the designations used on this map do not imply official endorsement or acceptance.";
