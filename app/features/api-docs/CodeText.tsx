import { Fragment } from "react";

/** Text with `backticked` parts set as code, as the API description writes them. */
export function Inline({ text }: { text: string }) {
  return (
    <>
      {text.split(/`([^`]*)`/).map((part, i) => (i % 2 ? <code key={i}>{part}</code> : <Fragment key={i}>{part}</Fragment>))}
    </>
  );
}

/** A block of code or JSON; it scrolls inside its box, so it takes keyboard focus to scroll with the arrows. */
export function CodeBlock({ children }: { children: string }) {
  return (
    <pre tabIndex={0}>
      <code>{children}</code>
    </pre>
  );
}
