/**
 * Runs `task` once the browser is idle (within `timeout` ms at the latest), or after a second where idle
 * callbacks are missing. Returns what cancels it, as an effect's clean-up.
 */
export function whenIdle(task: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 1000);
  return () => window.clearTimeout(id);
}
