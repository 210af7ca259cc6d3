import { placeKindText } from "~/features/places/places";
import { BOUNDARY_DISCLAIMER } from "~/features/places/disclaimer";
import { AnchorButton, Button, Callout, Spinner } from "@blueprintjs/core";
import { Link, useNavigate } from "@remix-run/react";
import { Fragment, useEffect, useMemo, useState } from "react";
import { RoutePage } from "~/components/RoutePage";
import { SourceNote, SourceTag } from "~/features/cmip6/SourceTag";
import { CHANGE_CHART_CODES, changeChart, monthlyCycleChart } from "./charts";
import { citation, dataPackPath } from "./profile";
import { useGetProfileViewQuery } from "./profileApi";
import { PlaceMapGraphic, ProfileChartGraphic } from "./ProfileGraphics";
import { ChangeTable, CycleTable } from "./ProfileTables";
import type { ProfileRowsChoice, ProfileView } from "./view";

/** A CSS string literal of any text (quotes, backslashes and "<" escaped, so it cannot end the style element). */
const cssString = (text: string) => `"${text.replace(/[\\"]/g, "\\$&").replace(/</g, "\\3c ")}"`;

/** A place's climate profile, from its view (primed by the loader, fetched after a navigation). */
export function ProfilePage({ place, rows }: { place: string; rows: ProfileRowsChoice }) {
  const { data: view, isError } = useGetProfileViewQuery({ place, rows });
  if (view) return <Profile view={view} />;
  if (isError) return <Callout intent="danger" title="Could not load the profile">Reload the page to try again.</Callout>;
  return <Spinner size={20} aria-label="Loading the profile" />;
}

function Profile({ view }: { view: ProfileView }) {
  const { place } = view;
  const navigate = useNavigate();
  // printing shows every row: the full view first, then the print dialog
  const [printAsked, setPrintAsked] = useState(false);
  useEffect(() => {
    if (printAsked && view.allRows) {
      setPrintAsked(false);
      window.print();
    }
  }, [printAsked, view.allRows]);
  const print = () => {
    if (!view.allRows) navigate("?rows=all", { preventScrollReset: true });
    setPrintAsked(true);
  };
  const charts = useMemo(
    () => ({
      cycle: monthlyCycleChart(view.cycle, { idPrefix: "profile-cycle" }),
      changes: CHANGE_CHART_CODES.filter((code) => view.rows.some((r) => r.code === code)).map((code) => ({ code, chart: changeChart(view, code, { idPrefix: `profile-change-${code}` }) })),
    }),
    [view],
  );
  return (
    <RoutePage
      path="/profiles/:place"
      title={`${place.name} climate profile`}
      description={`${placeKindText(place)} profile: its ${view.baseline.label} climate and the projected change of every indicator under ${view.scenarios.map((s) => s.name).join(" and ")}, by 20-year window and by global warming level, from the NEX-GDDP-CMIP6 models.`}
      actions={
        <div className="sacap-profile__actions">
          <Button icon="print" text="Print" onClick={print} className="sacap-screen-only" />
          <AnchorButton icon="archive" text="Data pack (ZIP)" href={dataPackPath(place)} download />
        </div>
      }
    >
      <div className="sacap-profile">
        {/* the running header of printed pages names the place */}
        <style dangerouslySetInnerHTML={{ __html: `@page { @top-right { content: ${cssString(`${place.name} climate profile · SACAP`)}; } }` }} />
        <section className="sacap-profile__provenance" aria-label="Data provenance">
          <SourceTag summary={view.origin} />{" "}
          <span>{view.origin.kind === "sample" ? "Every number on this profile is generated sample data for illustration, not model output." : view.origin.text}</span>
          <SourceNote summary={view.origin} />
        </section>

        <div className="sacap-profile__overview">
          <figure className="sacap-profile__map-figure">
            <PlaceMapGraphic place={place} className="sacap-profile__map" />
            <figcaption className="sacap-profile__outline">
              {view.outline} {BOUNDARY_DISCLAIMER}
            </figcaption>
          </figure>
          <section className="sacap-profile__section sacap-profile__signals" aria-labelledby="signals">
            <h2 id="signals">Strongest signals</h2>
            <ul>
              {view.signals.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
            <p className="sacap-profile__facts">
              {placeKindText(place)} · {view.models} models · baseline {view.baseline.label} · data version {view.version} ·{" "}
              <Link to={`/cmip6-data?geo=${encodeURIComponent(place.code)}`}>open in the explorer</Link> ·{" "}
              <Link to={`/cmip6-viewer?geotype=${place.type}&r=${encodeURIComponent(place.code)}`}>map</Link> ·{" "}
              <Link to={`/care-comp?compare=scenarios&geo=${encodeURIComponent(place.code)}`}>scenarios compared</Link>
            </p>
          </section>
        </div>

        <section className="sacap-profile__section" aria-labelledby="climate">
          <h2 id="climate">Climate of {view.baseline.label}</h2>
          <div className="sacap-profile__climate">
            <ProfileChartGraphic chart={charts.cycle} className="sacap-profile__chart" />
            <CycleTable view={view} />
          </div>
        </section>

        <section className="sacap-profile__section sacap-profile__change-charts" aria-labelledby="change-charts">
          <h2 id="change-charts">Change by window and warming level</h2>
          <div className="sacap-profile__chart-pair">
            {charts.changes.map((c) => (
              <ProfileChartGraphic key={c.code} chart={c.chart} className="sacap-profile__chart" />
            ))}
          </div>
        </section>

        {view.scenarios.map((scenario) => (
          <ChangeTable key={scenario.code} view={view} scenario={scenario} />
        ))}

        <section className="sacap-profile__section sacap-profile__methods" aria-labelledby="methods">
          <h2 id="methods">Methods and sources</h2>
          <ul>
            {view.methods.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
          <h3>Global warming levels</h3>
          <ul>
            {view.scenarios.map((s) => (
              <Fragment key={s.code}>
                {view.levels
                  .filter((l) => l.scenario === s.code)
                  .map((l) => (
                    <li key={l.code}>
                      <strong>{l.text}.</strong> {l.method}
                    </li>
                  ))}
              </Fragment>
            ))}
          </ul>
          <p>
            <strong>Cite as:</strong> {citation(view, view.url)}
          </p>
        </section>
      </div>
    </RoutePage>
  );
}
