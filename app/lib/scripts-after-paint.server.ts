import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

/** What Remix writes, and what the document carries instead until the page has been painted. */
export const INERT_PRELOAD = 'rel="preload-after-paint"';
export const INERT_MODULE = 'type="text/x-module-after-paint"';
const REWRITES: [string, string][] = [
  ['<link rel="modulepreload"', `<link ${INERT_PRELOAD}`],
  [' type="module"', ` ${INERT_MODULE}`],
];
const BODY_END = "</body>";
/** Set on `<html>` when the starter runs: the page has painted (styles hold back what may wait for it). */
export const PAINTED_ATTRIBUTE = "data-painted";
const PATTERNS = [...REWRITES.map(([from]) => from), BODY_END];

/**
 * Runs once the browser reports the page's first contentful paint (its paint timing entry; without paint
 * timing, the frame after the first animation frame; a second after that frame at the latest), or at once
 * in a hidden tab, which paints nothing: marks `<html>` with PAINTED_ATTRIBUTE (the AEZ browser's lazily
 * loaded maps wait for it, styles/pyaez.css), turns the inert preload links back into module preloads, evaluates the
 * page's modules one per task in the order the browser would (`S`, dependencies first), then runs Remix's
 * module script (which finds its imports done, and imports the entry module, which hydrates) as a new
 * script with the same nonce. Evaluating the whole graph at once is one task of several hundred
 * milliseconds on a slow phone; one module per task leaves room for input in between. A module that fails
 * to load stops the staging, and Remix's script reports it as it would.
 */
function loader(stages: readonly string[]): string {
  return (
    `(function(){var d=document,ran=0,S=${JSON.stringify(stages).replace(/</g, "\\u003c")},q=[],c=new MessageChannel();` +
    // a task of its own for each step (a message, not a timer: nested timers wait at least 4 ms)
    "c.port1.onmessage=function(){q.shift()()};function later(f){q.push(f);c.port2.postMessage(0)}" +
    `function run(){d.querySelectorAll('script[${INERT_MODULE}]').forEach(function(o){var s=d.createElement("script");s.type="module";s.nonce=o.nonce;s.textContent=o.textContent;d.body.appendChild(s)})}` +
    "function stage(){var u=S.shift();if(!u)return run();import(u).then(function(){later(stage)},run)}" +
    // the preloads one per task (each starts a request and its module's set-up: tens of ms of a slow phone's main thread)
    `function go(){if(ran++)return;d.documentElement.setAttribute("${PAINTED_ATTRIBUTE}","");var l=[].slice.call(d.querySelectorAll('link[${INERT_PRELOAD}]'));(function next(){l.splice(0,1).forEach(function(k){k.rel="modulepreload"});later(l.length?next:stage)})()}` +
    // the browser's own first-contentful-paint entry (a first frame may paint no text yet, while a face is
    // in its short block period), the first frame and a second as a fallback, at once in a hidden tab
    'if(d.visibilityState==="hidden")return go();var o;try{o=new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go,0)}});o.observe({type:"paint",buffered:true})}catch(e){o=0}' +
    'requestAnimationFrame(function(){setTimeout(go,o?1000:0)})})()'
  );
}

/** The longest end of `text` that could be the start of a pattern split across two chunks ("" when none). */
function pendingTail(text: string): string {
  const longest = Math.max(...PATTERNS.map((p) => p.length));
  for (let start = Math.max(0, text.length - longest + 1); start < text.length; start++) {
    const tail = text.slice(start);
    if (PATTERNS.some((p) => p.length > tail.length && p.startsWith(tail))) return tail;
  }
  return "";
}

/**
 * Passes a streamed document through so that its scripts start after its first paint. Remix 2 writes a
 * `<link rel="modulepreload">` for every module of the page (25 files) and a module script that imports
 * them; browsers fetch all of them in the same instant as the render-blocking stylesheet, so on a slow
 * link the stylesheet shares the bandwidth with the page's script and first paint waits for most of it.
 * Here the links and the module script are written inert, and a small script before `</body>` (with the
 * response's nonce) starts them once the page has been painted; `stages` are the page's modules in
 * evaluation order (`evaluationOrder` in `module-stages.server.ts`). Tags keep their element and order, so
 * hydration finds the document it expects (React does not compare these attributes); the script that
 * starts them stays after the last element React renders in `<body>`, where it is left alone.
 */
export function scriptsAfterPaint(nonce: string | undefined, stages: readonly string[]): Transform {
  const decoder = new StringDecoder("utf8");
  const starter = `<script${nonce ? ` nonce="${nonce}"` : ""}>${loader(stages)}</script>${BODY_END}`;
  let carry = "";
  const rewrite = (text: string) =>
    REWRITES.reduce((out, [from, to]) => out.split(from).join(to), text).split(BODY_END).join(starter);
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = rewrite(carry + (typeof chunk === "string" ? chunk : decoder.write(chunk)));
      carry = pendingTail(text);
      done(null, text.slice(0, text.length - carry.length));
    },
    flush(done) {
      done(null, rewrite(carry + decoder.end()));
    },
  });
}
