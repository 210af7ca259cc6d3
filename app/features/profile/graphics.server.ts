import { CHANGE_CHART_CODES } from "./charts";
import { changeChartSvg, monthlyCycleSvg } from "./charts.server";
import { placeMapSvg } from "./placeMap.server";
import type { PlaceProfile } from "./profile";

export { CHANGE_CHART_CODES };

/** The SVG graphics of a profile, drawn on the server (the data pack ships them; the page draws the same in its render). */
export interface ProfileGraphics {
  map: string;
  cycle: string;
  changes: { code: string; svg: string }[];
}

/** A profile's graphics, drawn on the server as SVG. */
export async function drawProfile(profile: PlaceProfile): Promise<ProfileGraphics> {
  const codes = CHANGE_CHART_CODES.filter((code) => profile.rows.some((r) => r.code === code));
  const [cycle, ...changes] = await Promise.all([
    monthlyCycleSvg(profile.cycle, { idPrefix: "profile-cycle" }),
    ...codes.map((code) => changeChartSvg(profile, code, { idPrefix: `profile-change-${code}` })),
  ]);
  return {
    map: placeMapSvg(profile.place, { idPrefix: "profile-map" }),
    cycle,
    changes: codes.map((code, i) => ({ code, svg: changes[i] })),
  };
}
