/** An ICE candidate attribute (RFC 8839 `candidate:` line), parsed. */
export interface ParsedCandidate {
  foundation: string;
  component: number;
  protocol: string;
  priority: number;
  address: string;
  port: number;
  type: string;
  relatedAddress?: string;
  relatedPort?: number;
  tcpType?: string;
  ufrag?: string;
  /** Transport to the TURN server for relay candidates, when it can be told. */
  relayProtocol?: string;
  url?: string;
}

/** Parses `candidate:…` or `a=candidate:…`; undefined if it is not a candidate line. */
export function parseCandidate(text: string): ParsedCandidate | undefined {
  // The type is taken whole by a lookahead, `(?=(\S+))\7`, not `(\S+)`: when the rest of the text
  // has a line break (`.` stops there), giving back the type's characters one by one to `(.*)` made
  // a long one quadratic (a dump's 40 kB candidate took two seconds). Both read the same.
  const m = /^(?:a=)?candidate:(\S+)\s+(\d+)\s+(\S+)\s+(\d+)\s+(\S+)\s+(\d+)\s+typ\s+(?=(\S+))\7(.*)$/i.exec(
    text.trim(),
  );
  if (!m) return undefined;
  const out: ParsedCandidate = {
    foundation: m[1]!,
    component: Number(m[2]),
    protocol: m[3]!.toLowerCase(),
    priority: Number(m[4]),
    address: m[5]!,
    port: Number(m[6]),
    type: m[7]!.toLowerCase(),
  };
  const rest = m[8]!.trim().split(/\s+/);
  for (let i = 0; i + 1 < rest.length; i += 2) {
    const key = rest[i]!;
    const value = rest[i + 1]!;
    if (key === 'raddr') out.relatedAddress = value;
    else if (key === 'rport') out.relatedPort = Number(value);
    else if (key === 'tcptype') out.tcpType = value;
    else if (key === 'ufrag') out.ufrag = value;
  }
  return out;
}

/**
 * Relay transport to the TURN server: the candidate's own `relayProtocol` when the browser gave
 * it, else the TURN URL (`turns:` is TLS, `?transport=tcp` TCP), else Chrome's type preference
 * (priority >> 24: 2 UDP, 1 TCP, 0 TLS for relay candidates).
 */
export function relayProtocolOf(c: {
  relayProtocol?: unknown;
  url?: unknown;
  priority?: unknown;
}): string | undefined {
  if (typeof c.relayProtocol === 'string' && c.relayProtocol !== '') return c.relayProtocol.toLowerCase();
  if (typeof c.url === 'string' && c.url !== '') {
    if (/^turns:/i.test(c.url)) return 'tls';
    const t = /[?&]transport=(udp|tcp)/i.exec(c.url);
    if (t) return t[1]!.toLowerCase();
    if (/^turn:/i.test(c.url)) return 'udp';
  }
  if (typeof c.priority === 'number' && Number.isFinite(c.priority)) {
    const pref = Math.floor(c.priority / 2 ** 24);
    if (pref === 2) return 'udp';
    if (pref === 1) return 'tcp';
    if (pref === 0) return 'tls';
  }
  return undefined;
}

/** mDNS host candidates hide the address behind a random `.local` name. */
export function isMdns(address: string | undefined): boolean {
  return typeof address === 'string' && address.endsWith('.local');
}
