import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

const TAG = '<link rel="modulepreload"';
const LOW = `${TAG} fetchpriority="low"`;

/** The longest end of `text` that could be the start of TAG split across two chunks ("" when none). */
function pendingTail(text: string): string {
  for (let start = Math.max(0, text.length - TAG.length + 1); start < text.length; start++) {
    if (TAG.startsWith(text.slice(start))) return text.slice(start);
  }
  return "";
}

/**
 * Passes a streamed document through, marking Remix's `<link rel="modulepreload">` tags
 * `fetchpriority="low"`. Remix writes one for every module of the page, and browsers fetch them at high
 * priority in the same instant as the render-blocking stylesheet; on a slow link they then share its
 * bandwidth and first paint waits for most of the page's script. At low priority the stylesheet (and the
 * body font) go first, the scripts still start at once and are all fetched before the page needs them.
 */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = carry + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const replaced = text.split(TAG).join(LOW);
      carry = pendingTail(replaced);
      done(null, replaced.slice(0, replaced.length - carry.length));
    },
    flush(done) {
      done(null, carry + decoder.end());
    },
  });
}
