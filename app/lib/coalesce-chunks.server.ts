import { Transform } from "node:stream";

/**
 * The pieces of a document written in the same turn of the event loop, passed on as one chunk. React
 * writes a page's HTML in many small pieces, and the server flushes its compression stream after every
 * chunk it sends (so that the first bytes leave at once): a document flushed in thousands of pieces
 * compresses about half as well (the explorer's 233 KB: 55 KB with gzip instead of 37 KB). What React writes
 * later (a part that waited for data) still leaves as soon as it is written.
 */
export function coalesceChunks(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const stream: Transform = new Transform({
    transform(chunk: Buffer | string, encoding, done) {
      pending.push(typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      done();
    },
    flush(done) {
      release();
      done();
    },
  });
  function release() {
    scheduled = false;
    if (pending.length === 0) return;
    stream.push(pending.length === 1 ? pending[0] : Buffer.concat(pending));
    pending = [];
  }
  return stream;
}
