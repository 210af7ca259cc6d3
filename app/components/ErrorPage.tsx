import { Classes, Icon, InputGroup } from "@blueprintjs/core";
import { Form, Link } from "@remix-run/react";

const MESSAGES: Record<number, { title: string; text: string }> = {
  400: { title: "Request not understood", text: "The portal could not read what was sent. Go back and try again." },
  403: { title: "Request refused", text: "Forms of this portal can only be sent from its own pages." },
  404: { title: "Page not found", text: "There is no page at this address. It may have moved, or the link may be mistyped." },
  405: { title: "Method not allowed", text: "This address does not accept that kind of request." },
  413: { title: "Request too large", text: "What was sent is larger than the portal accepts. Shorten the text and try again." },
  429: { title: "Too many requests", text: "Please wait a moment and try again." },
  502: { title: "Data source unavailable", text: "An upstream data service did not answer. Try again in a moment." },
};

const FALLBACK = { title: "Something went wrong", text: "The portal could not show this page. Try again, or go back to the home page." };

/** The heading (and document title) of the error page of a status. */
export const errorTitle = (status: number) => (MESSAGES[status] ?? FALLBACK).title;

/** The friendly error page: never a stack trace. A page that is not found offers the catalogue search. */
export function ErrorPage({ status }: { status: number }) {
  const message = MESSAGES[status] ?? FALLBACK;
  return (
    <div className={`${Classes.NON_IDEAL_STATE} sacap-error-page`}>
      <div className={Classes.NON_IDEAL_STATE_VISUAL}>
        <Icon icon={status === 404 ? "search" : "error"} className="sacap-icon-xl" aria-hidden />
      </div>
      <h1 id="page-title">{message.title}</h1>
      <p>
        <strong>Error {status}.</strong> {message.text}
      </p>
      {status === 404 && (
        <Form method="get" action="/data/catalog" role="search" className="sacap-error-page__search">
          <InputGroup type="search" name="q" leftIcon="search" placeholder="Search the data catalogue…" aria-label="Search the data catalogue" />
        </Form>
      )}
      <Link to="/" className="sacap-button-link">
        Go to the home page
      </Link>
    </div>
  );
}
