import { useCallback, useEffect, useRef } from "react";

/**
 * Data loaded on demand (decision 026): `whenLoaded(run)` runs `run` with the value at once when it is
 * there; otherwise it asks for it with `want` and runs once it arrives.
 */
export function useWhenLoaded<T>(value: T | undefined, want: () => void) {
  const pending = useRef<((value: T) => void)[]>([]);
  useEffect(() => {
    if (value === undefined) return;
    for (const run of pending.current.splice(0)) run(value);
  }, [value]);
  return useCallback(
    (run: (value: T) => void) => {
      if (value !== undefined) run(value);
      else {
        pending.current.push(run);
        want();
      }
    },
    [value, want],
  );
}
