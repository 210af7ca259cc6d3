import { Outlet } from "@remix-run/react";
import type { RouteHandle } from "~/lib/route-handle";

/** The data collector area: its pages share the collector navigation bar. */
export const handle: RouteHandle = { collector: true };

export default function DataRoute() {
  return <Outlet />;
}
