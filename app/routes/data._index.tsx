import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";

export default function DataIndexRoute() {
  return <RoutePage path="/data" />;
}

export const meta = routeMeta("/data");
