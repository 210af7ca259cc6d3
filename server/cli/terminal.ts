/**
 * What the command-line tools write to the operator's terminal or log. Much of it comes from the files
 * they read (names, attributes such as a NetCDF title, error messages quoting file content), and a
 * control character in it would reach the terminal: an ESC sequence can recolour, move the cursor, rewrite
 * earlier lines or set the window title, a carriage return can overwrite a line, a BEL rings.
 */

/** C0 controls except the newline, DEL and the C1 controls (U+0080-U+009F, CSI among them). */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

/**
 * The text with every control character but the newline shown as its `\u001b` escape: readable, and the
 * escape JSON itself uses, so that JSON output passes through unchanged and stays valid (JSON.stringify
 * escapes C0 controls but writes DEL and C1 as they are).
 */
export function printable(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * Writes text (lines, a summary, JSON) with control characters shown (`printable`); `clearLine` first
 * erases the terminal's current line (where a progress line stands) with the tool's own escape sequence.
 */
export function writeText(stream: NodeJS.WritableStream, text: string, options: { clearLine?: boolean } = {}): void {
  stream.write(`${options.clearLine ? "\r\x1b[K" : ""}${printable(text)}`);
}
