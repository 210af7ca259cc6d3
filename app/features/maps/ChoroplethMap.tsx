import { useMemo } from "react";
import { SCENARIO_NAMES } from "~/features/cmip6/scenarios";
import type { MapHandle, RasterLayer } from "~/components/map/types";
import { MapView } from "~/components/map/MapView";
import { SampleTag } from "~/components/SampleTag";
import { BASELINE_PERIOD } from "~/features/cmip6/periods";
import { ENSEMBLE, type SeriesQuery } from "~/features/cmip6/seriesQuery";
import { displayDecimalsOf } from "~/features/cmip6/indicatorRules";
import { AGREEMENT_THRESHOLD } from "~/features/cmip6/windows";
import { formatNumber } from "~/lib/format";
import type { CountryIso3 } from "~/features/cmip6/countries";
import { profilePath } from "~/features/profile/profile";
import { placeLabel, STATES_LABEL, type PlaceEntry } from "~/features/places/places";
import { CHOROPLETH_PERIODS, choroplethPeriod, choroplethQueryOf, choroplethRange, type ChoroplethGeotype, type Selection } from "./choropleth";
import { rampFor, scaleColor } from "./colorScale";
import type { MapConfig } from "./config";
import { COUNTRY_LABELS } from "./labels";
import { LegendBox } from "./LegendBox";
import { VIEWER_REGIONS } from "./regions";
import type { MapState } from "./mapState";
import { useGetChoroplethQuery } from "./mapsApi";
import { RegionList, regionValueText, type RegionItem } from "./RegionList";
import { RegionPanel } from "./RegionPanel";
import { ScaleLegend } from "./ScaleLegend";
import type { ChoroplethOptions, ViewerChoice } from "./viewerView";

/** What the page calls the regions of each kind: the list's heading, the map's description, its name. */
const REGION_WORDS: Record<ChoroplethGeotype, { heading: string; one: string }> = {
  Country: { heading: "Countries", one: "country" },
  Basin: { heading: "River basins", one: "river basin" },
  State: { heading: STATES_LABEL, one: "state or province" },
};

/** The view's regions as places: the region list names a state or province with its country. */
function asPlaces(regions: ChoroplethOptions["regions"]): PlaceEntry[] {
  const place = (kind: ChoroplethGeotype, r: ViewerChoice, country?: string): PlaceEntry => ({
    field_value: r.code,
    name: r.name,
    field_geotype: kind,
    ...(country ? { field_country: country as CountryIso3 } : {}),
  });
  return [
    ...regions.Country.map((r) => place("Country", r)),
    ...regions.Basin.map((r) => place("Basin", r)),
    ...Object.entries(regions.State).flatMap(([country, states]) => states.map((r) => place("State", r, country))),
  ];
}

export interface ChoroplethProps {
  /** The regions of each geotype (the view of the page). */
  options: ChoroplethOptions;
  choice: Selection;
  onChoice: (s: Selection) => void;
  state: MapState;
  setState: React.Dispatch<React.SetStateAction<MapState>>;
  rasters: RasterLayer[];
  config: MapConfig;
  handle: React.MutableRefObject<MapHandle | null>;
  hovered: string | null;
  setHovered: (code: string | null) => void;
  onRasterError: (key: string) => void;
}

/** The choropleth: the map coloured by the selection's values, its legend, the region list and a region's panel. */
export function ChoroplethMap({ options, choice, onChoice, state, setState, rasters, config, handle, hovered, setHovered, onRasterError }: ChoroplethProps) {
  const places = useMemo(() => asPlaces(options.regions), [options.regions]);
  const geos = places.filter((g) => g.field_geotype === choice.geotype).map((g) => ({ code: g.field_value, name: placeLabel(g, places) }));
  const result = useGetChoroplethQuery(choroplethQueryOf(choice));
  const data = result.currentData;
  const change = choice.show === "change";
  const byGeo = new Map(data?.values.map((v) => [v.geo, v]));
  // the numbers the map colours: the period's values, or their change from 1995-2014
  const values = new Map(data?.values.map((v) => [v.geo, change ? v.change ?? null : v.value]));
  const units = data?.indicator.units ?? "";
  const ramp = rampFor(choice.indicator, units, change);
  // fitted to the regions shown (the 2nd to 98th percentile, as the gridded map), unless the URL sets it
  const fitted = choroplethRange([...values.values()], change);
  const range = choice.range ?? fitted ?? [0, 1];
  const colors = Object.fromEntries(geos.map((g) => [g.code, scaleColor(values.get(g.code), range[0], range[1], ramp)]));
  // low agreement on the sign of the change: hatched, as the IPCC AR6 simple approach draws it
  const hatched = change ? geos.filter((g) => byGeo.get(g.code)?.agreement?.robust === false).map((g) => g.code) : undefined;
  const regions: RegionItem[] = geos.map((g) => {
    const v = byGeo.get(g.code);
    return {
      code: g.code,
      name: g.name,
      value: data ? (change ? v?.change ?? null : v?.value ?? null) : undefined,
      incomplete: v?.incomplete,
      ...(change ? { agreement: v?.agreement ?? null } : {}),
    };
  });
  const selected = regions.find((r) => r.code === state.region);
  const selectedValue = byGeo.get(state.region ?? "");
  const hoveredRegion = regions.find((r) => r.code === hovered);
  // the indicator's display decimals, as on every screen
  const decimals = displayDecimalsOf(choice.indicator);
  const select = (code: string) => setState((s) => ({ ...s, region: code }));
  const seriesQuery: SeriesQuery = {
    indicator: choice.indicator,
    geo: state.region ?? "",
    scenario: choice.scenario === "historical" ? ["historical"] : ["historical", choice.scenario],
    ...(choice.subset ? { model: choice.subset.models } : choice.model === ENSEMBLE ? {} : { model: [choice.model] }),
  };
  const period = choroplethPeriod(choice.period) ?? CHOROPLETH_PERIODS[0];
  const what = `${data?.indicator.name ?? choice.indicator}, ${change ? `change from ${BASELINE_PERIOD.label}, ` : ""}${period.label}${period.scenario === "projection" ? `, ${SCENARIO_NAMES[choice.scenario] ?? choice.scenario}` : ""}`;
  const models = data?.values.reduce((most, v) => Math.max(most, v.agreement?.count ?? 0), 0) ?? 0;
  const words = REGION_WORDS[choice.geotype];
  const withValues = regions.filter((r) => typeof r.value === "number").length;
  const description = data
    ? `${words.heading} of South Asia coloured by ${what}${units ? ` (${units})` : ""}, on a scale from ${formatNumber(range[0], 1)} to ${formatNumber(range[1], 1)}: ${withValues} of ${regions.length} have a value${hatched?.length ? `; ${hatched.length} hatched, where fewer than ${Math.round(AGREEMENT_THRESHOLD * 100)} % of the models agree on the sign of the change` : ""}. The list of regions beside the map gives each value.`
    : `The ${words.heading.toLowerCase()} of South Asia; their values are loading.`;

  return (
    <>
      <div className="sacap-viewer__map-area">
        <MapView
          id={VIEWER_REGIONS.map}
          center={state.center}
          zoom={state.zoom}
          onMove={(center, zoom) => setState((s) => ({ ...s, center, zoom }))}
          rasters={rasters}
          fill={{ geotype: choice.geotype, colors: data ? colors : {}, ...(hatched ? { hatched } : {}) }}
          selected={state.region}
          onHover={setHovered}
          onSelect={select}
          onRasterError={onRasterError}
          labels={choice.geotype === "Basin" ? undefined : COUNTRY_LABELS}
          label={`Map of ${what}, by ${words.one}`}
          description={description}
          mapboxToken={config.mapboxToken}
          handleRef={handle}
        />
        <div className="sacap-viewer__hover" aria-live="polite">
          {hoveredRegion ? `${hoveredRegion.name}: ${regionValueText(hoveredRegion, units, decimals, change)}` : "Point at a region to see its value."}
        </div>
      </div>
      <LegendBox>
        <ScaleLegend
          title={what}
          unit={units}
          range={range}
          ramp={ramp}
          onRange={(r) => onChoice({ ...choice, range: r })}
          onFit={
            fitted
              ? () => {
                  // the regions drawn in the current view; all of them before the map has loaded
                  const inView = handle.current?.regionsInView(choice.geotype) ?? [];
                  const codes = inView.length ? inView : [...values.keys()];
                  const inViewValues = codes.map((c) => values.get(c));
                  onChoice({ ...choice, range: choroplethRange(inViewValues, change) ?? fitted });
                }
              : undefined
          }
          onReset={() => onChoice({ ...choice, range: undefined })}
        />
        {change && data && <HatchKey models={models} rule={data.agreementRule} />}
        {data?.window.kind === "gwl" && <p className="sacap-viewer__legend-note">{data.window.text}</p>}
        {data?.sample && <SampleTag what="values" />}
      </LegendBox>
      <div className="sacap-viewer__regions">
        <h2 className="sacap-viewer__heading">{words.heading}</h2>
        <RegionList regions={regions} units={units} decimals={decimals} hovered={hovered} selected={state.region} onSelect={select} change={change} />
      </div>
      {state.region && (
        <RegionPanel
          name={selected?.name ?? state.region}
          value={selectedValue?.value}
          change={selectedValue?.change}
          agreement={selectedValue?.agreement}
          period={period.label}
          incomplete={selected?.incomplete}
          query={seriesQuery}
          model={choice.subset ? ENSEMBLE : choice.model}
          // by its code, which the profile route sends on to the place's own address (a shared name's too)
          profile={profilePath({ slug: state.region })}
          onClose={() => setState((s) => ({ ...s, region: undefined }))}
        />
      )}
    </>
  );
}


/** The legend's key of hatching: a hatched swatch and the rule it stands for. */
function HatchKey({ models, rule }: { models: number; rule?: string }) {
  return (
    <p className="sacap-viewer__hatch-key" title={rule}>
      <span className="sacap-viewer__hatch-swatch" aria-hidden="true" />
      Hatched: fewer than {Math.round(AGREEMENT_THRESHOLD * 100)} % of the {models} models agree on the sign of the change (IPCC AR6 simple approach)
    </p>
  );
}

