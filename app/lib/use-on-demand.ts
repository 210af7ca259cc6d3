import { useCallback, useEffect, useMemo, useRef } from "react";

/** Data loaded on demand (decision 026): `want()` asks for it; `whenLoaded(run)` runs `run` with it. */
export interface OnDemand<T> {
  want: () => void;
  whenLoaded: (run: (value: T) => void) => void;
}

/**
 * `value` (undefined until it is loaded) with the way to ask for it: `whenLoaded(run)` runs `run` at once
 * when the value is there; otherwise it asks for it with `want` and runs once it arrives. The object keeps
 * its identity while the value and `want` do.
 */
export function useOnDemand<T>(value: T | undefined, want: () => void): OnDemand<T> {
  const pending = useRef<((value: T) => void)[]>([]);
  useEffect(() => {
    if (value === undefined) return;
    for (const run of pending.current.splice(0)) run(value);
  }, [value]);
  const whenLoaded = useCallback(
    (run: (value: T) => void) => {
      if (value !== undefined) run(value);
      else {
        pending.current.push(run);
        want();
      }
    },
    [value, want],
  );
  return useMemo(() => ({ want, whenLoaded }), [want, whenLoaded]);
}
