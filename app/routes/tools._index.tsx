import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";

export default function ToolsIndexRoute() {
  return <RoutePage path="/tools" />;
}

export const meta = routeMeta("/tools");
