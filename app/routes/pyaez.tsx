import { useLoaderData } from "@remix-run/react";
import { RoutePage } from "~/components/RoutePage";
import { AezBrowser } from "~/features/pyaez/AezBrowser";
import type { InlineImages } from "~/features/pyaez/images";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { referenceClientLoader } from "~/store/client-loader";
import type { ApiListName } from "~/store/contract";
import { pyaezLoader } from "~server/api/pyaez-views.server";

/** After a navigation in the portal: the full module list (the first load carries the page's view). */
const LISTS: ApiListName[] = ["getAezModules"];

/** A fixed-height viewer page (spec section 2): the navigator and the modules scroll in their own panes (from 800 px wide). */
export const handle: RouteHandle = { fixedHeight: true };

/** The page's view for the store (decision 026), and the first map carried in the document (`aez-images.server.ts`). */
export const loader = pyaezLoader;
export const clientLoader = referenceClientLoader(LISTS);

export default function PyaezRoute() {
  // after a navigation in the portal (the client loader) the images are linked as usual
  const { inlineImages, open = "" } = useLoaderData<{ inlineImages?: InlineImages; open?: string }>();
  return (
    <RoutePage path="/pyaez">
      <AezBrowser inlineImages={inlineImages} open={open} />
    </RoutePage>
  );
}

export const meta = routeMeta("/pyaez");
