import { Button, RadioGroup, Switch } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { SideDrawer } from "~/components/SideDrawer";
import { usePreferences } from "~/features/preferences/PreferencesProvider";
import { PREFERENCE_DEFAULTS, type PreferenceName, type Preferences } from "~/features/preferences/defaults";

type ChoiceName = {
  [K in PreferenceName]: Preferences[K] extends string ? (Preferences[K] extends `#${string}` ? never : K) : never;
}[PreferenceName];
type FlagName = { [K in PreferenceName]: Preferences[K] extends boolean ? K : never }[PreferenceName];

const CHOICES: { name: ChoiceName; label: string; options: { value: string; label: string }[] }[] = [
  { name: "theme", label: "Theme", options: [{ value: "light", label: "Light" }, { value: "dark", label: "Dark" }, { value: "system", label: "System" }] },
  { name: "skin", label: "Skin", options: [{ value: "bordered", label: "Bordered" }, { value: "default", label: "Shadowed" }] },
  { name: "navigationType", label: "Navigation", options: [{ value: "vertical", label: "Vertical" }, { value: "horizontal", label: "Horizontal" }] },
  { name: "contentWidth", label: "Content width", options: [{ value: "fluid", label: "Fluid" }, { value: "boxed", label: "Boxed" }] },
  { name: "navbarType", label: "Navbar", options: [{ value: "sticky", label: "Sticky" }, { value: "static", label: "Static" }, { value: "hidden", label: "Hidden" }] },
  { name: "horizontalNavType", label: "Horizontal navigation bar", options: [{ value: "sticky", label: "Sticky" }, { value: "static", label: "Static" }, { value: "hidden", label: "Hidden" }] },
  { name: "footerType", label: "Footer", options: [{ value: "static", label: "Static" }, { value: "sticky", label: "Sticky" }, { value: "hidden", label: "Hidden" }] },
];

const FLAGS: { name: FlagName; label: string }[] = [
  { name: "verticalNavCollapsed", label: "Collapsed sidebar" },
  { name: "semiDarkNav", label: "Semi-dark navigation" },
  { name: "navbarBlur", label: "Blurred navbar" },
];

const SWATCHES = ["#0B6623", "#3C854F", "#0D6EAA", "#7367F0", "#B35C00", "#A1173F"];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="sacap-customizer__section">
      <h3 className="sacap-customizer__title">{title}</h3>
      {children}
    </section>
  );
}

function Choices({ choices }: { choices: typeof CHOICES }) {
  const { preferences, setPreference } = usePreferences();
  return (
    <>
      {choices.map((choice) => (
        <RadioGroup
          key={choice.name}
          label={choice.label}
          inline
          selectedValue={preferences[choice.name]}
          options={choice.options}
          onChange={(event) => setPreference(choice.name, event.currentTarget.value as never)}
        />
      ))}
    </>
  );
}

function ColorField({ name, label }: { name: "primaryColorLight" | "primaryColorDark"; label: string }) {
  const { preferences, setPreference } = usePreferences();
  const value = preferences[name];
  const inputId = `customizer-${name}`;
  return (
    <div className="sacap-customizer__color">
      <label htmlFor={inputId}>{label}</label>
      <div className="sacap-customizer__swatches" role="group" aria-label={`${label} presets`}>
        {SWATCHES.map((swatch) => (
          <button
            key={swatch}
            type="button"
            className="sacap-swatch"
            style={{ background: swatch }}
            aria-label={swatch}
            aria-pressed={value.toUpperCase() === swatch}
            onClick={() => setPreference(name, swatch)}
          />
        ))}
        <input
          id={inputId}
          type="color"
          value={value.toLowerCase()}
          onChange={(event) => setPreference(name, event.currentTarget.value.toUpperCase())}
        />
      </div>
    </div>
  );
}

/** Every interface preference in one drawer; each change applies at once and is kept in its cookie. */
export function Customizer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { preferences, setPreference, resetPreferences } = usePreferences();
  return (
    <SideDrawer isOpen={isOpen} onClose={onClose} side="right" size={340} title="Customize" icon="cog">
      <div className="sacap-customizer">
        <Section title="Appearance">
          <Choices choices={CHOICES.slice(0, 2)} />
          <ColorField name="primaryColorLight" label="Primary colour (light theme)" />
          <ColorField name="primaryColorDark" label="Primary colour (dark theme)" />
        </Section>
        <Section title="Layout">
          <Choices choices={CHOICES.slice(2)} />
          {FLAGS.map((flag) => (
            <Switch
              key={flag.name}
              label={flag.label}
              checked={preferences[flag.name]}
              onChange={(event) => setPreference(flag.name, event.currentTarget.checked)}
            />
          ))}
        </Section>
        <Button
          icon="reset"
          text="Reset to defaults"
          disabled={JSON.stringify(preferences) === JSON.stringify(PREFERENCE_DEFAULTS)}
          onClick={resetPreferences}
        />
      </div>
    </SideDrawer>
  );
}
