/** The glyphs a row's button can show: Blueprint's 16 px icons of those names (styles/app.css). */
export type RowButtonIcon = "shopping-cart" | "tick";

interface RowButtonProps {
  icon: RowButtonIcon;
  /** What it does, for screen readers (`aria-label`). */
  label: string;
  /** Its tooltip, with the key that does the same for the selected rows. */
  title: string;
  disabled?: boolean;
  onClick: () => void;
}

/**
 * A button in a data table's row (`RowAction.renderButton`): one element, its glyph a mask in the text's
 * colour (`.sacap-row-button`). Not a Tab stop: the row is, and the action's key does the same for the
 * selected rows. In place of Blueprint's Button (a flex box around an icon's box and its SVG): four elements
 * in each of a catalogue page's 50 rows, 23 KB of its HTML (decision 028, "The catalogue's rows").
 */
export function RowButton({ icon, label, title, disabled, onClick }: RowButtonProps) {
  return (
    <button type="button" className="sacap-row-button" data-icon={icon} aria-label={label} title={title} disabled={disabled} tabIndex={-1} onClick={onClick} />
  );
}
