import { RoutePage } from "~/components/RoutePage";
import { routeMeta } from "~/lib/meta";

export default function ContactThankyouRoute() {
  return <RoutePage path="/contact/thankyou" />;
}

export const meta = routeMeta("/contact/thankyou");
