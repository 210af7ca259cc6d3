import { connect } from "node:net";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

/**
 * One HTTP/1.1 request written byte for byte on a fresh connection, so tests can send what ordinary
 * clients refuse to (raw bytes that are not UTF-8, unnormalised paths, odd methods, huge headers).
 */
export interface RawRequest {
  method: string;
  /** The request target exactly as it goes on the wire. */
  target: Buffer | string;
  headers?: [string, string | Buffer][];
  body?: Buffer | string;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  /** The body, de-chunked and decompressed. */
  body: string;
  ms: number;
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "gzip":
      return gunzipSync(body);
    case "br":
      return brotliDecompressSync(body);
    case "deflate":
      return inflateSync(body);
    default:
      return body;
  }
}

export function rawRequest(port: number, request: RawRequest, timeoutMs = 10_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const lines: Buffer[] = [Buffer.concat([Buffer.from(`${request.method} `), Buffer.from(request.target), Buffer.from(" HTTP/1.1\r\n")])];
    const headers = request.headers ?? [];
    if (!headers.some(([name]) => name.toLowerCase() === "host")) lines.push(Buffer.from(`Host: 127.0.0.1:${port}\r\n`));
    for (const [name, value] of headers) lines.push(Buffer.concat([Buffer.from(`${name}: `), Buffer.from(value), Buffer.from("\r\n")]));
    if (body && !headers.some(([name]) => name.toLowerCase() === "content-length")) lines.push(Buffer.from(`Content-Length: ${body.length}\r\n`));
    lines.push(Buffer.from("Connection: close\r\n\r\n"));
    socket.on("connect", () => {
      socket.write(Buffer.concat(lines));
      if (body) socket.write(body);
    });
    socket.on("data", (chunk) => chunks.push(chunk));
    // A server may close while a refused body is still being written: what it answered counts.
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      const data = Buffer.concat(chunks);
      const headEnd = data.indexOf("\r\n\r\n");
      if (headEnd < 0) return reject(new Error(`no HTTP answer (${data.length} bytes)`));
      const [statusLine, ...headerLines] = data.subarray(0, headEnd).toString("latin1").split("\r\n");
      const status = Number(statusLine.split(" ")[1]);
      const responseHeaders: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        const name = line.slice(0, colon).trim().toLowerCase();
        responseHeaders[name] = responseHeaders[name] ? `${responseHeaders[name]}, ${line.slice(colon + 1).trim()}` : line.slice(colon + 1).trim();
      }
      let raw: Buffer = data.subarray(headEnd + 4);
      if ((responseHeaders["transfer-encoding"] ?? "").includes("chunked")) raw = dechunk(raw);
      let text: string;
      try {
        text = decode(raw, responseHeaders["content-encoding"]).toString("utf8");
      } catch {
        text = raw.toString("latin1");
      }
      resolve({ status, headers: responseHeaders, body: text, ms });
    });
  });
}
