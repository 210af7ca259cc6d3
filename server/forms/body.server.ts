/** A request body over the size limit. */
export class PayloadTooLarge extends Error {}

/**
 * Reads a form body of at most `maxBytes` (also when the client sent no Content-Length), then parses it.
 * A larger body stops the reading with PayloadTooLarge before anything is parsed.
 */
export async function readLimitedForm(request: Request, maxBytes: number): Promise<FormData> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        // Stop reading but do not cancel: cancelling destroys the connection, and the client would see a
        // reset instead of the 413 answer.
        reader.releaseLock();
        throw new PayloadTooLarge(`body over ${maxBytes} bytes`);
      }
      chunks.push(value);
    }
  }
  const parsed = new Request("http://form.invalid/", {
    method: "POST",
    headers: { "Content-Type": request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded" },
    body: Buffer.concat(chunks),
  });
  return parsed.formData();
}
