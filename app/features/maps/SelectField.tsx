import { HTMLSelect } from "@blueprintjs/core";

/** A labelled select of the viewers' control panels, named as its URL parameter (a plain GET form without script). */
export function SelectField({ label, name, value, options, onChange }: { label: string; name: string; value: string; options: readonly { value: string; label: string }[]; onChange: (value: string) => void }) {
  return (
    <label className="sacap-filter-panel__field">
      <span>{label}</span>
      <HTMLSelect fill name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </HTMLSelect>
    </label>
  );
}
