/**
 * Where a webhook may be sent: never to a private, loopback, link-local or otherwise reserved
 * address (a webhook URL is the account's to choose; the server's network is not) unless the
 * operator allows it (CALLSCOPE_WEBHOOK_ALLOW_PRIVATE). Checked when a webhook is created (its
 * host resolved) and again when each delivery connects (the agent's `lookup`), so that a name
 * that resolves elsewhere afterwards (DNS rebinding) is refused too.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** IANA special-purpose ranges (RFC 6890 and successors) no webhook has business reaching. */
const V4 = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const;

const V6 = [
  ['::', 96], // unspecified, loopback, IPv4-compatible (deprecated)
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID...)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: reaches whatever IPv4 address it embeds
  ['3fff::', 20], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const;

const BLOCKED = new BlockList();
for (const [net, prefix] of V4) BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of V6) BLOCKED.addSubnet(net, prefix, 'ipv6');

/**
 * The IPv4 address an IPv6 one stands for: IPv4-mapped (::ffff:a.b.c.d) and NAT64
 * (64:ff9b::a.b.c.d) reach that IPv4 host, so they are judged as it is.
 */
function embeddedV4(address: string): string | undefined {
  // The URL parser writes every IPv6 address one way: lowercase, compressed, hex groups.
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const m = /^(?:::ffff|64:ff9b:?):([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!m) return undefined;
  const hi = Number.parseInt(m[1]!, 16);
  const lo = Number.parseInt(m[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Whether an IP address (v4 or v6) is one no webhook may reach without the operator's leave. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: refuse rather than guess
  const bare = address.split('%')[0]!; // a zone index (fe80::1%eth0)
  let v4: string | undefined;
  try {
    v4 = embeddedV4(bare);
  } catch {
    return true;
  }
  if (v4 !== undefined) return BLOCKED.check(v4, 'ipv4');
  return BLOCKED.check(bare, 'ipv6');
}

export class BlockedAddressError extends Error {
  readonly code = 'EWEBHOOKBLOCKED';
  constructor(host: string, address: string) {
    super(
      `${host} resolves to ${address}, a private, loopback, link-local or reserved address: webhooks are not sent there (CALLSCOPE_WEBHOOK_ALLOW_PRIVATE allows it)`,
    );
  }
}

/** The first address of `addresses` a webhook may not reach, if any. */
const firstBlocked = (addresses: readonly LookupAddress[]) =>
  addresses.find((a) => isBlockedAddress(a.address));

/**
 * A `lookup` for http(s) agents: resolves as node would, and fails the connection when any
 * address the name resolves to is blocked (not only the one tried first: with several, node may
 * fall back to the next).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      const blocked = allowPrivate ? undefined : firstBlocked(list);
      if (blocked) return callback(new BlockedAddressError(hostname, blocked.address), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname}: no address`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/** How long resolving a webhook's host at creation may take. */
const RESOLVE_TIMEOUT_MS = 5_000;

/**
 * Why a webhook may not be sent to `url`, or undefined when it may: http(s) only, no credentials
 * in it, and (unless allowed) a host that is not, and does not resolve to, a blocked address.
 */
export async function urlProblem(url: string, allowPrivate: boolean): Promise<string | undefined> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'url is not a URL';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'url must be http or https';
  if (u.username || u.password)
    return 'url must not carry credentials (the signature authenticates the sender)';
  if (allowPrivate) return undefined;
  const host = u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname;
  if (isIP(host)) return isBlockedAddress(host) ? new BlockedAddressError(host, host).message : undefined;
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(host);
  } catch (error) {
    return `${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  const blocked = firstBlocked(addresses);
  return blocked ? new BlockedAddressError(host, blocked.address).message : undefined;
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(Object.assign(new Error('timed out'), { code: 'ETIMEOUT' })),
      RESOLVE_TIMEOUT_MS,
    );
    dnsLookup(host, { all: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(addresses);
    });
  });
}
