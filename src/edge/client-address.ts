import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key under which requests without a token are counted: the client's IPv4 address, or the
 * /64 network of an IPv6 one. One IPv6 host is usually given a whole /64 and can pick any of its
 * 2^64 addresses, so counting full IPv6 addresses would let it open sessions without limit.
 * IPv4-mapped IPv6 addresses (`::ffff:203.0.113.7`, how a dual-stack socket reports IPv4
 * clients) count as their IPv4 address.
 */
export function clientAddressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const groups = expandIPv6(address.split('%')[0]!);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros; undefined if malformed. */
function expandIPv6(address: string): string[] | undefined {
  const halves = address.toLowerCase().split('::');
  if (halves.length > 2) return undefined;
  const part = (s: string | undefined): string[] => (s ? s.split(':') : []);
  let head = part(halves[0]);
  let tail = halves.length === 2 ? part(halves[1]) : [];
  // A trailing dotted IPv4 (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) stands for the last two groups.
  const toGroups = (groups: string[]): string[] => {
    const last = groups.at(-1);
    if (!last?.includes('.')) return groups;
    const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
    return [...groups.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  };
  if (halves.length === 2) tail = toGroups(tail);
  else head = toGroups(head);
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return undefined;
  return [...head, ...Array<string>(missing).fill('0'), ...tail].map((g) =>
    Number.parseInt(g, 16).toString(16),
  );
}
