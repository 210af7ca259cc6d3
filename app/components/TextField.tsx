import { Classes, type Intent } from "@blueprintjs/core";
import type { TextareaHTMLAttributes } from "react";

/**
 * A text area as Blueprint's `TextArea` draws it (the same element and classes), without its measuring:
 * Blueprint's reads the box's scroll height as it mounts and on every key, for a growing height none of the
 * portal's forms asks for, and a read as the page hydrates lays the whole page out inside hydration's task
 * (decision 028).
 */
export function TextField({ intent, fill, className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { intent?: Intent; fill?: boolean }) {
  const classes = [Classes.INPUT, Classes.TEXT_AREA, intent ? Classes.intentClass(intent) : undefined, fill ? Classes.FILL : undefined, className];
  return <textarea {...props} className={classes.filter(Boolean).join(" ")} />;
}
