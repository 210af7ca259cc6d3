import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { captcha: true };

export default function ContactFormRoute() {
  return <RoutePage path="/contact/form" />;
}

export const meta = routeMeta("/contact/form");
