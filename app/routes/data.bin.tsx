import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";

export default function DataBinRoute() {
  return <RoutePage path="/data/bin" />;
}

export const meta = routeMeta("/data/bin");
