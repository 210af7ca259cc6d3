import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Fetching a file a third party names (a CKAN resource URL) without becoming an open proxy into the
 * server's own network: only hosts an operator allows, only public addresses after DNS resolution (the
 * connection goes to the address that was checked, so a second lookup cannot swap it), redirects
 * followed by hand and checked again at every hop, and limits on size and time.
 */

/** Address ranges a preview never connects to, each with the word a refusal uses. */
const BLOCKED: { kind: string; v4?: [string, number][]; v6?: [string, number][] }[] = [
  { kind: "loopback", v4: [["127.0.0.0", 8]], v6: [["::1", 128]] },
  { kind: "unspecified", v4: [["0.0.0.0", 8]], v6: [["::", 128]] },
  // link-local holds the cloud metadata services (169.254.169.254, fd00:ec2::254 is private below)
  { kind: "link-local", v4: [["169.254.0.0", 16]], v6: [["fe80::", 10]] },
  {
    kind: "private network",
    v4: [
      ["10.0.0.0", 8],
      ["172.16.0.0", 12],
      ["192.168.0.0", 16],
      ["100.64.0.0", 10],
    ],
    v6: [["fc00::", 7]],
  },
  {
    kind: "reserved",
    v4: [
      ["192.0.0.0", 24],
      ["192.0.2.0", 24],
      ["198.18.0.0", 15],
      ["198.51.100.0", 24],
      ["203.0.113.0", 24],
      ["224.0.0.0", 4],
      ["240.0.0.0", 4],
    ],
    v6: [
      ["ff00::", 8],
      ["2001:db8::", 32],
      ["64:ff9b:1::", 48],
    ],
  },
];

const lists = BLOCKED.map(({ kind, v4 = [], v6 = [] }) => {
  const list = new BlockList();
  for (const [address, prefix] of v4) list.addSubnet(address, prefix, "ipv4");
  for (const [address, prefix] of v6) list.addSubnet(address, prefix, "ipv6");
  return { kind, list };
});

/** An IPv4 address carried inside an IPv6 one (mapped ::ffff:a.b.c.d, or NAT64 64:ff9b::a.b.c.d), if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Why an address is not public ("loopback", "private network", ...), or undefined for a public address. */
export function addressRestriction(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return "not an IP address";
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return addressRestriction(v4);
  }
  const type = family === 4 ? "ipv4" : "ipv6";
  return lists.find(({ list }) => list.check(address, type))?.kind;
}

export interface PreviewFetchOptions {
  /** Hosts previews may come from: "host" (any port) or "host:port". */
  allowedHosts: readonly string[];
  /** Allowed hosts may resolve to private or loopback addresses (a CKAN portal inside the operator's network). */
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects?: number;
  /** DNS lookup (tests); default node:dns. */
  lookup?: typeof dnsLookup;
}

export type PreviewFetchResult =
  | { ok: true; status: number; text: string; truncated: boolean }
  | { ok: false; refused: true; reason: string }
  | { ok: false; refused?: false; timedOut: boolean; reason: string };

/** A refusal: the preview is not attempted (or not followed further) for a reason the page shows. */
class Refusal extends Error {}

const defaultPort = (protocol: string) => (protocol === "https:" ? "443" : "80");

/** Whether `url`'s host is on the allow-list (a listed "host:port" needs that port; a bare "host" any). */
export function isAllowedHost(url: URL, allowed: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  const port = url.port || defaultPort(url.protocol);
  return allowed.some((entry) => {
    const parsed = new URL(`http://${entry.trim().toLowerCase()}`);
    const entryHost = parsed.hostname.replace(/^\[|\]$/g, "");
    return entryHost === host && (!parsed.port || parsed.port === port);
  });
}

/**
 * A `lookup` for node:http that resolves every address of the name, refuses the name when any of them is
 * not public (unless private addresses are allowed), and connects to the first checked address.
 */
function checkedLookup(allowPrivate: boolean, lookup: typeof dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { all: true, family: options.family, hints: options.hints }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as unknown as LookupAddress[];
      if (list.length === 0) return callback(new Refusal(`${hostname} has no address`), "", 0);
      if (!allowPrivate) {
        for (const { address } of list) {
          const restriction = addressRestriction(address);
          if (restriction) return callback(new Refusal(`${hostname} resolves to ${address}, a ${restriction} address`), "", 0);
        }
      }
      const [first] = list;
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [first]);
      else callback(null, first.address, first.family);
    });
  };
}

function checkUrl(url: URL, options: PreviewFetchOptions) {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Refusal(`${url.protocol} links are not fetched`);
  if (url.username || url.password) throw new Refusal("links with credentials are not fetched");
  if (!isAllowedHost(url, options.allowedHosts)) throw new Refusal(`${url.host} is not an allowed preview host`);
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal) && !options.allowPrivate) {
    const restriction = addressRestriction(literal);
    if (restriction) throw new Refusal(`${literal} is a ${restriction} address`);
  }
}

function get(url: URL, options: PreviewFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? httpsRequest : httpRequest)(
      url,
      {
        method: "GET",
        signal,
        lookup: checkedLookup(options.allowPrivate, options.lookup ?? dnsLookup),
        headers: { Accept: "text/csv, text/plain;q=0.9, */*;q=0.1", "User-Agent": "SACAP CKAN preview" },
      },
      resolve,
    );
    request.on("error", reject);
    request.end();
  });
}

async function readLimited(response: IncomingMessage, limit: number): Promise<{ text: string; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= limit) {
      truncated = true;
      break;
    }
  }
  response.destroy();
  return { text: new TextDecoder().decode(Buffer.concat(chunks).subarray(0, limit)), truncated };
}

/** Fetches `address` under the rules above; never throws. */
export async function fetchPreview(address: string, options: PreviewFetchOptions): Promise<PreviewFetchResult> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const maxRedirects = options.maxRedirects ?? 3;
  try {
    let url = new URL(address);
    for (let hop = 0; ; hop++) {
      checkUrl(url, options);
      const response = await get(url, options, signal);
      const location = response.headers.location;
      if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
        response.destroy();
        if (hop >= maxRedirects) throw new Refusal(`more than ${maxRedirects} redirects`);
        url = new URL(location, url);
        continue;
      }
      if (!response.statusCode || response.statusCode >= 400) {
        response.destroy();
        return { ok: false, timedOut: false, reason: `the file's server answered ${response.statusCode ?? "nothing"}` };
      }
      const { text, truncated } = await readLimited(response, options.maxBytes);
      return { ok: true, status: response.statusCode, text, truncated };
    }
  } catch (error) {
    const refusal = error instanceof Refusal ? error : error instanceof Error && error.cause instanceof Refusal ? error.cause : undefined;
    if (refusal) return { ok: false, refused: true, reason: refusal.message };
    if (error instanceof TypeError && /Invalid URL/i.test(error.message)) return { ok: false, refused: true, reason: "the link is not a valid URL" };
    const timedOut = signal.aborted;
    return { ok: false, timedOut, reason: timedOut ? `no complete answer within ${options.timeoutMs / 1000} s` : "the file could not be fetched" };
  }
}
