import { HTMLTable } from "@blueprintjs/core";
import { Link } from "@remix-run/react";
import { AgreementLegend, AgreementMark } from "~/features/cmip6/AgreementMark";
import { INDICATOR_CATEGORY_TITLES } from "~/features/cmip6/categories";
import { displayDecimalsOf } from "~/features/cmip6/indicatorRules";
import { formatNumber } from "~/lib/format";
import type { ProfileView, ProfileViewCell, ProfileViewRow } from "./view";
import { TableScroll } from "~/components/TableScroll";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function ChangeCell({ row, cell }: { row: ProfileViewRow; cell: ProfileViewCell | undefined }) {
  if (!cell || cell.median === null) return <td className="sacap-num">{cell?.incomplete ?? "–"}</td>;
  const decimals = displayDecimalsOf(row.code);
  const range = `${formatNumber(cell.p10, decimals, { signed: true })} to ${formatNumber(cell.p90, decimals, { signed: true })}`;
  return (
    <td className="sacap-num">
      <span className="sacap-profile__change">{formatNumber(cell.median, decimals, { signed: true })}</span> <AgreementMark agreement={cell.agreement} />
      <span className="sacap-profile__range">{range}</span>
    </td>
  );
}

/**
 * The control that shows every row of the change tables: a link (`?rows=all`), so it works without
 * JavaScript; the rows come with the next view.
 */
function AllRowsLink({ view }: { view: ProfileView }) {
  if (view.allRows) return null;
  return (
    <p className="sacap-profile__more sacap-screen-only">
      <Link to="?rows=all" preventScrollReset>
        Show all {view.rowCount} indicators
      </Link>{" "}
      (the climate extreme indices among them); the data pack has every number.
    </p>
  );
}

/** One scenario's table: a row per indicator (grouped by category), a column per window and level. */
export function ChangeTable({ view, scenario }: { view: ProfileView; scenario: { code: string; name: string } }) {
  const categories = [...new Set(view.rows.map((r) => r.category))];
  const levelOf = (code: string) => view.levels.find((l) => l.scenario === scenario.code && l.code === code);
  const id = `changes-${scenario.code}`;
  return (
    <section className="sacap-profile__section sacap-profile__changes" aria-labelledby={id}>
      <h2 id={id}>Projected change under {scenario.name}</h2>
      <TableScroll label={`Table of changes under ${scenario.name}`}>
        <HTMLTable compact striped className="sacap-profile__table">
          <caption>
            {`${view.place.name}, ${scenario.name}: ensemble median change from ${view.baseline.label}, with the 10th to 90th percentiles of the models below it; `}
            <AgreementLegend />
          </caption>
          <thead>
            <tr>
              <th scope="col">Indicator</th>
              <th scope="col" className="sacap-num">
                {view.baseline.label}
              </th>
              {view.choices.map((c) => {
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
                <th scope="colgroup" colSpan={view.choices.length + 2}>
                  {INDICATOR_CATEGORY_TITLES[category as keyof typeof INDICATOR_CATEGORY_TITLES] ?? category}
                </th>
              </tr>
              {view.rows
                .filter((r) => r.category === category)
                .map((row) => (
                  <tr key={row.code}>
                    <th scope="row">
                      {`${row.name} `}
                      <span className="sacap-profile__units">{`(${row.units})`}</span>
                    </th>
                    <td className="sacap-num">{formatNumber(row.baseline, displayDecimalsOf(row.code))}</td>
                    {view.choices.map((c) => (
                      <ChangeCell key={c.code} row={row} cell={row.changes[scenario.code]?.[c.code]} />
                    ))}
                  </tr>
                ))}
            </tbody>
          ))}
        </HTMLTable>
      </TableScroll>
      <AllRowsLink view={view} />
    </section>
  );
}

export function CycleTable({ view }: { view: ProfileView }) {
  return (
    <TableScroll label="Table of the monthly climate">
      <HTMLTable compact striped className="sacap-profile__table sacap-profile__cycle-table">
        <caption>{`${view.place.name}, ${view.baseline.label}: each month's ensemble median of the models' means, 10th to 90th percentiles below`}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            {view.cycle.map((v) => (
              <th scope="col" className="sacap-num" key={v.code}>
                {`${v.name} `}
                <span className="sacap-profile__units">{`(${v.units})`}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {MONTHS.map((month, i) => (
            <tr key={month}>
              <th scope="row">{month}</th>
              {view.cycle.map((v) => (
                <td className="sacap-num" key={v.code}>
                  {formatNumber(v.months[i].median, displayDecimalsOf(v.code))}
                  <span className="sacap-profile__range">{`${formatNumber(v.months[i].p10, displayDecimalsOf(v.code))} to ${formatNumber(v.months[i].p90, displayDecimalsOf(v.code))}`}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}
