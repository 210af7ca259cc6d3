import { AnchorButton, Button, HTMLTable } from "@blueprintjs/core";
import { Link } from "@remix-run/react";
import { Fragment } from "react";
import { RoutePage } from "~/components/RoutePage";
import { AgreementLegend, AgreementMark } from "~/features/cmip6/AgreementMark";
import { INDICATOR_CATEGORY_TITLES } from "~/features/cmip6/categories";
import { SourceNote, SourceTag } from "~/features/cmip6/SourceTag";
import { formatNumber } from "~/lib/format";
import { citation, dataPackPath, type PlaceProfile, type ProfileCell, type ProfileRow } from "./profile";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The SVG graphics of a profile, drawn on the server. */
export interface ProfileGraphics {
  map: string;
  cycle: string;
  changes: { code: string; svg: string }[];
}

export interface ProfilePageData {
  profile: PlaceProfile;
  graphics: ProfileGraphics;
}

/** An SVG string drawn on the server, inlined (it carries its own title and description). */
function Svg({ svg, className }: { svg: string; className: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: svg }} />;
}

function ChangeCell({ row, cell }: { row: ProfileRow; cell: ProfileCell | undefined }) {
  if (!cell || cell.median === null) return <td className="sacap-num">{cell?.incomplete ?? "–"}</td>;
  return (
    <td className="sacap-num">
      <span className="sacap-profile__change">{formatNumber(cell.median, row.decimals, { signed: true })}</span> <AgreementMark agreement={cell.agreement} />
      <span className="sacap-profile__range">
        {formatNumber(cell.p10, row.decimals, { signed: true })} to {formatNumber(cell.p90, row.decimals, { signed: true })}
      </span>
    </td>
  );
}

/** One scenario's table: a row per indicator (grouped by category), a column per window and level. */
function ChangeTable({ profile, scenario }: { profile: PlaceProfile; scenario: { code: string; name: string } }) {
  const categories = [...new Set(profile.rows.map((r) => r.category))];
  const levelOf = (code: string) => profile.levels.find((l) => l.scenario === scenario.code && l.code === code);
  const id = `changes-${scenario.code}`;
  return (
    <section className="sacap-profile__section sacap-profile__changes" aria-labelledby={id}>
      <h2 id={id}>Projected change under {scenario.name}</h2>
      {/* focusable, so that a keyboard can scroll a table wider than the screen */}
      <div className="sacap-table-scroll" tabIndex={0} role="region" aria-label={`Table of changes under ${scenario.name}`}>
        <HTMLTable compact striped className="sacap-profile__table">
          <caption>
            {profile.place.name}, {scenario.name}: ensemble median change from {profile.baseline.label}, with the 10th to 90th percentiles of the models
            below it; <AgreementLegend />
          </caption>
          <thead>
            <tr>
              <th scope="col">Indicator</th>
              <th scope="col" className="sacap-num">
                {profile.baseline.label}
              </th>
              {profile.choices.map((c) => {
                const level = c.kind === "gwl" ? levelOf(c.code) : undefined;
                return (
                  <th scope="col" className="sacap-num" key={c.code}>
                    {c.label}
                    {level && <span className="sacap-profile__range">{`${level.count} of ${level.of} models`}</span>}
                  </th>
                );
              })}
            </tr>
          </thead>
          {categories.map((category) => (
            <tbody key={category}>
              <tr className="sacap-profile__group">
                <th scope="colgroup" colSpan={profile.choices.length + 2}>
                  {INDICATOR_CATEGORY_TITLES[category as keyof typeof INDICATOR_CATEGORY_TITLES] ?? category}
                </th>
              </tr>
              {profile.rows
                .filter((r) => r.category === category)
                .map((row) => (
                  <tr key={row.code}>
                    <th scope="row">
                      {row.name} <span className="sacap-profile__units">({row.units})</span>
                    </th>
                    <td className="sacap-num">{formatNumber(row.baseline?.median, row.decimals)}</td>
                    {profile.choices.map((c) => (
                      <ChangeCell key={c.code} row={row} cell={row.changes[scenario.code]?.[c.code]} />
                    ))}
                  </tr>
                ))}
            </tbody>
          ))}
        </HTMLTable>
      </div>
    </section>
  );
}

function CycleTable({ profile }: { profile: PlaceProfile }) {
  return (
    <HTMLTable compact striped className="sacap-profile__table sacap-profile__cycle-table">
      <caption>
        {profile.place.name}, {profile.baseline.label}: each month's ensemble median of the models' means, 10th to 90th percentiles below
      </caption>
      <thead>
        <tr>
          <th scope="col">Month</th>
          {profile.cycle.map((v) => (
            <th scope="col" className="sacap-num" key={v.code}>
              {v.name} <span className="sacap-profile__units">({v.units})</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {MONTHS.map((month, i) => (
          <tr key={month}>
            <th scope="row">{month}</th>
            {profile.cycle.map((v) => (
              <td className="sacap-num" key={v.code}>
                {formatNumber(v.months[i].median, v.decimals)}
                <span className="sacap-profile__range">
                  {formatNumber(v.months[i].p10, v.decimals)} to {formatNumber(v.months[i].p90, v.decimals)}
                </span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** A CSS string literal of any text (quotes, backslashes and "<" escaped, so it cannot end the style element). */
const cssString = (text: string) => `"${text.replace(/[\\"]/g, "\\$&").replace(/</g, "\\3c ")}"`;

export function ProfilePage({ profile, graphics, url }: ProfilePageData & { url: string }) {
  const { place } = profile;
  const models = Math.max(0, ...profile.rows.map((r) => r.baseline?.count ?? 0));
  return (
    <RoutePage
      path="/profiles/:place"
      title={`${place.name} climate profile`}
      description={`${place.type === "Country" ? "Country" : "River basin"} profile: its ${profile.baseline.label} climate and the projected change of every indicator under ${profile.scenarios.map((s) => s.name).join(" and ")}, by 20-year window and by global warming level, from the NEX-GDDP-CMIP6 models.`}
      actions={
        <div className="sacap-profile__actions">
          <Button icon="print" text="Print" onClick={() => window.print()} className="sacap-screen-only" />
          <AnchorButton icon="archive" text="Data pack (ZIP)" href={dataPackPath(place)} download />
        </div>
      }
    >
      <div className="sacap-profile">
        {/* the running header of printed pages names the place */}
        <style dangerouslySetInnerHTML={{ __html: `@page { @top-right { content: ${cssString(`${place.name} climate profile · SACAP`)}; } }` }} />
        <section className="sacap-profile__provenance" aria-label="Data provenance">
          <SourceTag summary={profile.origin} />{" "}
          <span>
            {profile.origin.kind === "sample"
              ? "Every number on this profile is generated sample data for illustration, not model output."
              : profile.origin.text}
          </span>
          <SourceNote summary={profile.origin} />
        </section>

        <div className="sacap-profile__overview">
          <Svg svg={graphics.map} className="sacap-profile__map" />
          <section className="sacap-profile__section sacap-profile__signals" aria-labelledby="signals">
            <h2 id="signals">Strongest signals</h2>
            <ul>
              {profile.signals.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
            <p className="sacap-profile__facts">
              {place.type === "Country" ? "Country" : "River basin"} · {models} models · baseline {profile.baseline.label} · data version {profile.version} ·{" "}
              <Link to={`/cmip6-data?geo=${encodeURIComponent(place.code)}`}>open in the explorer</Link> ·{" "}
              <Link to={`/cmip6-viewer?geotype=${place.type}&r=${encodeURIComponent(place.code)}`}>map</Link> ·{" "}
              <Link to={`/care-comp?compare=scenarios&geo=${encodeURIComponent(place.code)}`}>scenarios compared</Link>
            </p>
          </section>
        </div>

        <section className="sacap-profile__section" aria-labelledby="climate">
          <h2 id="climate">Climate of {profile.baseline.label}</h2>
          <div className="sacap-profile__climate">
            <Svg svg={graphics.cycle} className="sacap-profile__chart" />
            <CycleTable profile={profile} />
          </div>
        </section>

        <section className="sacap-profile__section sacap-profile__change-charts" aria-labelledby="change-charts">
          <h2 id="change-charts">Change by window and warming level</h2>
          <div className="sacap-profile__chart-pair">
            {graphics.changes.map((c) => (
              <Svg key={c.code} svg={c.svg} className="sacap-profile__chart" />
            ))}
          </div>
        </section>

        {profile.scenarios.map((scenario) => (
          <ChangeTable key={scenario.code} profile={profile} scenario={scenario} />
        ))}

        <section className="sacap-profile__section sacap-profile__methods" aria-labelledby="methods">
          <h2 id="methods">Methods and sources</h2>
          <ul>
            {profile.methods.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
          <h3>Global warming levels</h3>
          <ul>
            {profile.scenarios.map((s) => (
              <Fragment key={s.code}>
                {profile.levels
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
            <strong>Cite as:</strong> {citation(profile, url)}
          </p>
        </section>
      </div>
    </RoutePage>
  );
}
