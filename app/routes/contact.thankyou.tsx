import { useSearchParams } from "@remix-run/react";
import { RoutePage } from "~/components/RoutePage";
import { parseReference } from "~/features/forms/reference";
import { receivedText, ThankYou } from "~/features/forms/ThankYou";
import { routeMeta } from "~/lib/meta";

export default function ContactThankyouRoute() {
  const [params] = useSearchParams();
  const parsed = parseReference(params.get("ref"));
  const kind = parsed?.kind ?? "contact";
  return (
    <RoutePage path="/contact/thankyou" description={receivedText(kind)}>
      <ThankYou reference={parsed?.reference ?? null} kind={kind} />
    </RoutePage>
  );
}

export const meta = routeMeta("/contact/thankyou");
