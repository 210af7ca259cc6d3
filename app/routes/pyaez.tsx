import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";

export default function PyaezRoute() {
  return <RoutePage path="/pyaez" />;
}

export const meta = routeMeta("/pyaez");
