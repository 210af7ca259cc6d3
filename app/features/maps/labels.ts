/** Where the country names sit on the map (HTML labels over the canvas, no remote glyphs). */
export const COUNTRY_LABELS: { code: string; name: string; at: [number, number] }[] = [
  { code: "AFG", name: "Afghanistan", at: [66, 34] },
  { code: "PAK", name: "Pakistan", at: [69.5, 29.5] },
  { code: "IND", name: "India", at: [78.5, 21.5] },
  { code: "NPL", name: "Nepal", at: [84, 28.3] },
  { code: "BTN", name: "Bhutan", at: [90.5, 27.5] },
  { code: "BGD", name: "Bangladesh", at: [90.3, 23.8] },
  { code: "LKA", name: "Sri Lanka", at: [80.7, 7.7] },
  { code: "MDV", name: "Maldives", at: [73.4, 3.5] },
];
