import { Fragment } from "react";

/** Text with `backticked` parts set as code, as the API description writes them. */
export function Inline({ text }: { text: string }) {
  return (
    <>
      {text.split(/`([^`]*)`/).map((part, i) => (i % 2 ? <code key={i}>{part}</code> : <Fragment key={i}>{part}</Fragment>))}
    </>
  );
}

/**
 * Text as element content: only `&`, `<` and `>` need escaping there. React also escapes every quote and
 * apostrophe (`&quot;`, six bytes for one), which in the page's JSON and shell examples came to 15 KB of
 * its document.
 */
export const contentHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A block of code or JSON; it scrolls inside its box, so it takes keyboard focus to scroll with the arrows. */
export function CodeBlock({ children }: { children: string }) {
  return (
    <pre tabIndex={0}>
      <code dangerouslySetInnerHTML={{ __html: contentHtml(children) }} />
    </pre>
  );
}
