import { Callout } from "@blueprintjs/core";
import { Link } from "@remix-run/react";
import type { FormKind } from "./forms";

const NEXT_STEPS: Record<FormKind, { received: string; steps: string[]; links: { to: string; label: string }[] }> = {
  contact: {
    received: "Your message has been received.",
    steps: [
      "The portal team reads every message and answers at the email address you gave, usually within five working days.",
      "Data requests and corrections go to the team that looks after the dataset; we tell you when it has been updated.",
      "To add something to your message, write again and quote your reference.",
    ],
    links: [
      { to: "/data/catalog", label: "Browse the data catalog" },
      { to: "/user-guide", label: "Read the user guide" },
    ],
  },
  "data-share": {
    received: "Your dataset offer has been received.",
    steps: [
      "A data curator checks the link, the licence and the description, usually within ten working days.",
      "The curator writes to your contact email with any questions, and again when the dataset is accepted.",
      "Accepted datasets appear in the data catalogue under the sector you chose, with credit to the provider.",
    ],
    links: [
      { to: "/data/catalog", label: "Browse the data catalog" },
      { to: "/data/share", label: "Offer another dataset" },
    ],
  },
};

/** The page description for each kind of submission. */
export function receivedText(kind: FormKind): string {
  return NEXT_STEPS[kind].received;
}

/** The confirmation after a submission: the reference to keep and what happens next. */
export function ThankYou({ reference, kind }: { reference: string | null; kind: FormKind }) {
  const content = NEXT_STEPS[kind];
  return (
    <section className="sacap-thankyou" aria-label="Confirmation">
      <Callout intent="success" title={reference ? "Keep your reference" : "Thank you"}>
        {reference ? (
          <p>
            Your reference is <strong className="sacap-thankyou__reference" data-testid="submission-reference">{reference}</strong>.
            Quote it if you write to us about this submission.
          </p>
        ) : (
          <p>Thank you for writing to the portal team.</p>
        )}
      </Callout>
      <h2>What happens next</h2>
      <ol>
        {content.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <ul className="sacap-thankyou__links">
        {content.links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
