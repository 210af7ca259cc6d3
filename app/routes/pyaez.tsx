import type { LinksFunction } from "@remix-run/node";
import { RoutePage } from "~/components/RoutePage";
import { AezBrowser } from "~/features/pyaez/AezBrowser";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { referenceClientLoader } from "~/store/client-loader";
import type { ApiListName } from "~/store/contract";
import pyaezHref from "../../styles/pyaez.css";
import { primedLoader } from "../../server/api/reference-routes.server";

const LISTS: ApiListName[] = ["getAezModules"];

/** A fixed-height viewer page (spec section 2): the navigator and the modules scroll in their own panes. */
export const handle: RouteHandle = { fixedHeight: true };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: pyaezHref }];

export const loader = primedLoader(LISTS);
export const clientLoader = referenceClientLoader(LISTS);

export default function PyaezRoute() {
  return (
    <RoutePage path="/pyaez">
      <AezBrowser />
    </RoutePage>
  );
}

export const meta = routeMeta("/pyaez");
