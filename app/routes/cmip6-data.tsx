import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";

export default function Cmip6DataRoute() {
  return <RoutePage path="/cmip6-data" />;
}

export const meta = routeMeta("/cmip6-data");
