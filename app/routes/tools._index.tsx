import { RoutePage } from "~/components/RoutePage";
import { ToolCards } from "~/features/home/ToolCards";
import { routeMeta } from "~/lib/meta";

export default function ToolsIndexRoute() {
  return (
    <RoutePage path="/tools">
      <ToolCards />
    </RoutePage>
  );
}

export const meta = routeMeta("/tools");
