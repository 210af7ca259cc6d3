import { Callout, Spinner } from "@blueprintjs/core";
import type { ReactNode } from "react";

interface QueryStateProps<T> {
  data: T | undefined;
  isError: boolean;
  /** What is loading, for the message ("indicators"). */
  what: string;
  children: (data: T) => ReactNode;
}

/** Renders data once there, a spinner while loading, a clear message when the request failed. */
export function QueryState<T>({ data, isError, what, children }: QueryStateProps<T>) {
  if (data !== undefined) return <>{children(data)}</>;
  if (isError) {
    return (
      <Callout intent="danger" title={`Could not load ${what}`}>
        The data service did not answer. Reload the page to try again.
      </Callout>
    );
  }
  return <Spinner size={20} aria-label={`Loading ${what}`} />;
}
