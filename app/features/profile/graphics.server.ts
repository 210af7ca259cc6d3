import { changeChartSvg, monthlyCycleSvg } from "./charts.server";
import { placeMapSvg } from "./placeMap.server";
import type { ProfileGraphics } from "./ProfilePage";
import type { PlaceProfile } from "./profile";

/** The indicators whose change the profile charts. */
export const CHANGE_CHART_CODES = ["tas", "pr"] as const;

/** A profile's graphics, drawn on the server as SVG (the page inlines them, the data pack ships them). */
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
