import { drawChartSvg } from "~/features/cmip6/charts/draw.server";
import { changeChart, monthlyCycleChart, PROFILE_CHART_CONFIG, type ChangeChartInput, type ChartSvgOptions, type ProfileChart } from "./charts";
import type { MonthlyCycle } from "./profile";

/** A profile chart drawn on the server into an SVG string with the profile's look. */
export const drawProfileChart = ({ spec, text }: ProfileChart): string => drawChartSvg(spec, text, { config: PROFILE_CHART_CONFIG });

/** The 1995-2014 monthly climate as SVG (`monthlyCycleChart`; async for the callers' Promise.all). */
export async function monthlyCycleSvg(cycle: MonthlyCycle[], options: ChartSvgOptions = {}): Promise<string> {
  return drawProfileChart(monthlyCycleChart(cycle, options));
}

/** The change of one indicator by window and warming level as SVG (`changeChart`). */
export async function changeChartSvg(profile: ChangeChartInput, code: string, options: ChartSvgOptions = {}): Promise<string> {
  return drawProfileChart(changeChart(profile, code, options));
}
