import type { ReactNode } from "react";
import { layoutOf, useRouteHandles } from "~/lib/route-handle";
import { BlankLayout } from "./BlankLayout";
import { DefaultLayout } from "./DefaultLayout";

/** Wraps the page in the layout its route metadata names (`handle.layout`). */
export function LayoutSwitch({ children }: { children: ReactNode }) {
  const layout = layoutOf(useRouteHandles());
  if (layout === false) return <>{children}</>;
  if (layout === "blank") return <BlankLayout>{children}</BlankLayout>;
  return <DefaultLayout>{children}</DefaultLayout>;
}
