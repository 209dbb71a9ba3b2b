import { type LookupAddress, lookup } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { coreConfig } from "../config";

/**
 * Addresses a merchant types (an Ecforce shop's base URL) are reached from inside our
 * network, so they are held to two rules. A shop has one canonical URL, whatever
 * spelling was typed, and that is the shop's identity. And only public https hosts are
 * reached: loopback, private, link-local, unique-local, shared (CGNAT) and metadata
 * addresses are refused, so the form cannot probe the VPC or the instance metadata.
 * Locally the simulators are private http origins; they are named one by one in
 * configuration (`OKURU_ALLOWED_PRIVATE_ORIGINS`), the check itself stays as strict.
 */

/** Why an outbound request was not made. Never shown: callers answer with their own message. */
export class OutboundRefused extends Error {
  override readonly name = "OutboundRefused";
}

/** One machine, several names: the loopback spellings share one canonical host. */
const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]", "[::ffff:7f00:1]"]);
const CANONICAL_LOOPBACK = "127.0.0.1";

/** `Example.JP.` → `example.jp`; any loopback spelling → 127.0.0.1. Expects a WHATWG-parsed hostname. */
export function canonicalHostname(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.+$/, "");
  return LOOPBACK_NAMES.has(host) ? CANONICAL_LOOPBACK : host;
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * RFC 3986 normalisation of a path: percent-encoded unreserved characters decoded
 * (`%6F` → `o`, `%2D` → `-`), other escapes in upper case, repeated slashes merged (web
 * servers merge them too) and no trailing slash. Dot segments are already resolved by
 * the WHATWG parser, `%2E` ones included.
 */
function canonicalPath(pathname: string): string {
  return pathname
    .replace(/%[0-9a-f]{2}/gi, (encoded) => {
      const char = String.fromCharCode(Number.parseInt(encoded.slice(1), 16));
      return UNRESERVED.test(char) ? char : encoded.toUpperCase();
    })
    .replace(/\/{2,}/g, "/")
    .replace(/\/+$/, "");
}

const HOSTNAME = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/**
 * The canonical form of a base URL as a merchant types it (`https://` assumed when no
 * scheme is given): scheme, canonical host, the port only when not the default, the
 * normalised path. Undefined when it is not an http(s) URL of a host, or carries a user,
 * a query or a fragment.
 */
export function canonicalBaseUrl(input: string): string | undefined {
  const text = input.trim();
  if (/[?#]/.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password)
    return undefined;
  const hostname = canonicalHostname(url.hostname);
  if (!hostname.startsWith("[") && !HOSTNAME.test(hostname)) return undefined;
  return `${url.protocol}//${hostname}${url.port ? `:${url.port}` : ""}${canonicalPath(url.pathname)}`;
}

/** A canonical base URL without its scheme: what a shop's routing link is keyed by. */
export function identityOf(canonicalUrl: string): string {
  return canonicalUrl.replace(/^https?:\/\//, "");
}

// ---------------------------------------------------------------------------
// Which addresses are public

const reservedV4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"; 0.0.0.0 reaches the local host
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // shared address space (CGNAT)
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, the instance metadata (169.254.169.254) among them
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  reservedV4.addSubnet(network, prefix, "ipv4");

const ipv4Mapped = new BlockList();
ipv4Mapped.addSubnet("::ffff:0:0", 96, "ipv6");

/** IPv6 global unicast; everything outside it (loopback, fe80::/10, fc00::/7 with fd00:ec2::254, NAT64) is refused. */
const globalV6 = new BlockList();
globalV6.addSubnet("2000::", 3, "ipv6");
const reservedV6 = new BlockList();
reservedV6.addSubnet("2001::", 32, "ipv6"); // Teredo: an IPv4 address hides inside
reservedV6.addSubnet("2001:db8::", 32, "ipv6");
reservedV6.addSubnet("2002::", 16, "ipv6"); // 6to4: an IPv4 address hides inside

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !reservedV4.check(address, "ipv4");
  if (family !== 6) return false;
  // Node checks an IPv4-mapped address against the IPv4 rules.
  if (ipv4Mapped.check(address, "ipv6")) return !reservedV4.check(address, "ipv6");
  return globalV6.check(address, "ipv6") && !reservedV6.check(address, "ipv6");
}

// ---------------------------------------------------------------------------
// The check before a request

const refused = () => new OutboundRefused("not a public https address");

function canonicalOrigin(url: URL): string {
  return `${url.protocol}//${canonicalHostname(url.hostname)}${url.port ? `:${url.port}` : ""}`;
}

function isAllowListed(url: URL): boolean {
  const origin = canonicalOrigin(url);
  return coreConfig().allowedPrivateOrigins.some((allowed) => {
    try {
      return canonicalOrigin(new URL(allowed)) === origin;
    } catch {
      return false;
    }
  });
}

const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, "$1");

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    lookup(hostname, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );
}

export type OutboundTarget = {
  /** The URL to request, its host in canonical form. */
  url: URL;
  /** Named in configuration: reached as it is, private or plain http. */
  allowListed: boolean;
};

/**
 * Throws OutboundRefused unless the URL may be requested: an allow-listed origin, or
 * https to a host whose every address is public (one private address is enough to
 * refuse: which one a connection would use is not ours to choose).
 */
export async function checkPublicUrl(input: string): Promise<OutboundTarget> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw refused();
  }
  if (url.username || url.password) throw refused();
  url.hostname = canonicalHostname(url.hostname);
  if (isAllowListed(url)) return { url, allowListed: true };
  if (url.protocol !== "https:") throw refused();
  const host = bare(url.hostname);
  const addresses = isIP(host) ? [host] : (await resolveAll(host).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw refused();
  return { url, allowListed: false };
}

/**
 * The DNS lookup for connections to a checked host. A name may resolve to a public
 * address for the check and to a private one a moment later (DNS rebinding), so the
 * addresses are checked again here, on the very answer the socket connects to.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 0);
    if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address)))
      return callback(Object.assign(refused(), { code: "EOUTBOUNDREFUSED" }), "", 0);
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
