import { useState } from "react";

/**
 * True from the first time `open` is true, and from then on: for what is fetched or mounted on first use
 * and kept afterwards (a lazy overlay that must stay mounted to animate closed, lists requested once).
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
