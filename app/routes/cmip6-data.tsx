import { RoutePage } from "~/components/RoutePage";
import { ReferenceLists } from "~/features/cmip6/ReferenceLists";
import { routeMeta } from "~/lib/meta";
import { referenceClientLoader } from "~/store/client-loader";
import type { ApiListName } from "~/store/contract";
import { primedLoader } from "../../server/api/reference-routes.server";

const LISTS: ApiListName[] = ["getIndicators", "getGeos", "getScenarios", "getCmip6Models"];

export const loader = primedLoader(LISTS);
export const clientLoader = referenceClientLoader(LISTS);

export default function Cmip6DataRoute() {
  return (
    <RoutePage path="/cmip6-data">
      <ReferenceLists />
    </RoutePage>
  );
}

export const meta = routeMeta("/cmip6-data");
