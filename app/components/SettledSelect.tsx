import { HTMLSelect, type HTMLSelectProps } from "@blueprintjs/core";
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";

/**
 * How long after the last key a change made from the keyboard waits before it takes effect: the browsers'
 * own type-ahead window (Chromium and Firefox forget the typed letters after a second), so that typing
 * "Uttar P" searches the whole name before anything loads.
 */
export const SETTLE_MS = 1000;

/** How soon after a key press a change counts as made by that key (the browser fires it in the same task). */
const KEYED_WITHIN_MS = 100;

interface SettledSelectProps extends Omit<HTMLSelectProps, "value" | "onChange" | "defaultValue"> {
  value: string;
  /** Takes the chosen value: at once for a pointer, when the keys settle for the keyboard. */
  onCommit: (value: string) => void;
}

/**
 * A select whose every change loads something (a page for the new selection), that does not load on each
 * key. A closed native select changes its value on every arrow key and on every letter typed, and a load
 * in between slows the next key, which on a busy or slow device is enough for the browser to forget the
 * letters typed so far (the list then jumps to whatever the last letter alone matches). So a change made
 * from the keyboard is shown in the list at once and takes effect `SETTLE_MS` after the last key, at once
 * on Enter, or when focus leaves the list; a change made with the pointer takes effect at once.
 */
export function SettledSelect({ value, onCommit, onKeyDown, onBlur, ...props }: SettledSelectProps) {
  // what the list shows until the selection follows (kept while the new selection loads, so it does not jump back)
  const [shown, setShown] = useState<string | null>(null);
  // what is chosen and not yet applied
  const unapplied = useRef<string | null>(null);
  const lastKey = useRef<{ at: number; key: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commitTo = useRef(onCommit);
  commitTo.current = onCommit;

  const apply = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const chosen = unapplied.current;
    unapplied.current = null;
    if (chosen !== null) commitTo.current(chosen);
  };
  const settleLater = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(apply, SETTLE_MS);
  };

  // the selection changed (what was chosen, or from elsewhere: a link, the history): the list shows it
  useEffect(() => setShown(null), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <HTMLSelect
      {...props}
      value={shown ?? value}
      onKeyDown={(event: KeyboardEvent<HTMLSelectElement>) => {
        lastKey.current = { at: performance.now(), key: event.key };
        if (event.key === "Enter") apply();
        else if (timer.current !== undefined) settleLater();
        onKeyDown?.(event);
      }}
      onChange={(event) => {
        const chosen = event.currentTarget.value;
        const key = lastKey.current;
        setShown(chosen);
        unapplied.current = chosen;
        if (key !== null && key.key !== "Enter" && performance.now() - key.at < KEYED_WITHIN_MS) settleLater();
        else apply();
      }}
      onBlur={(event: FocusEvent<HTMLSelectElement>) => {
        apply();
        onBlur?.(event);
      }}
    />
  );
}
