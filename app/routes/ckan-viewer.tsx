import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";

export default function CkanViewerRoute() {
  return <RoutePage path="/ckan-viewer" />;
}

export const meta = routeMeta("/ckan-viewer");
