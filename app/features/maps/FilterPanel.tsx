import { HTMLSelect } from "@blueprintjs/core";
import type { ViewerLayer } from "~/features/viewer/schema";
import { facetCounts, FILTER_KEYS, type FilterKey, type FilterSelection } from "./filters";

interface FilterPanelProps {
  layers: readonly ViewerLayer[];
  selection: FilterSelection;
  onChange: (selection: FilterSelection) => void;
}

const LABELS: Record<FilterKey, string> = {
  source: "Source",
  category: "Category",
  collection: "Collection",
  type: "Type",
  variable: "Variable",
  model: "Model",
  scenario: "Scenario",
  sector: "Sector",
  period: "Period",
  aggregation: "Aggregation",
};

/** One select per filter key of the layers, each value with the number of layers it would leave. */
export function FilterPanel({ layers, selection, onChange }: FilterPanelProps) {
  return (
    <fieldset className="sacap-filter-panel">
      <legend>Filter layers</legend>
      {FILTER_KEYS.map((key) => {
        const counts = facetCounts(layers, selection, key);
        const value = selection[key]?.[0] ?? "";
        return (
          <label key={key} className="sacap-filter-panel__field">
            <span>{LABELS[key]}</span>
            <HTMLSelect
              fill
              value={value}
              name={key}
              onChange={(e) => {
                const next = { ...selection };
                if (e.currentTarget.value) next[key] = [e.currentTarget.value];
                else delete next[key];
                onChange(next);
              }}
            >
              <option value="">All</option>
              {counts.map(({ value: v, count }) => (
                <option key={v} value={v} disabled={count === 0 && v !== value}>
                  {v} ({count})
                </option>
              ))}
            </HTMLSelect>
          </label>
        );
      })}
    </fieldset>
  );
}
