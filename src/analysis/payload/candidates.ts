import { isMdns } from '../../computed/ice-candidate.js';
import type { CandidateInfo } from '../../computed/ice-transport.js';
import type { GatheredCandidate } from '../../computed/signaling.js';

interface Counts {
  total: number;
  host: number;
  srflx: number;
  prflx: number;
  relay: number;
  mdns: number;
  relayProtocols: { udp: number; tcp: number; tls: number };
}

interface AnyCandidate {
  type?: string;
  protocol?: string;
  address?: string;
  port?: number;
  relayProtocol?: string;
}

/**
 * Candidates of one side, from the event log (gathered / added / in SDP) and the stats, counted
 * once each (same address, port, protocol and type).
 */
export function countCandidates(
  events: readonly GatheredCandidate[],
  stats: readonly CandidateInfo[],
): Counts {
  const counts: Counts = {
    total: 0,
    host: 0,
    srflx: 0,
    prflx: 0,
    relay: 0,
    mdns: 0,
    relayProtocols: { udp: 0, tcp: 0, tls: 0 },
  };
  const seen = new Set<string>();
  const add = (c: AnyCandidate): void => {
    const key = `${c.address}|${c.port}|${c.protocol}|${c.type}`;
    if (seen.has(key)) return;
    seen.add(key);
    counts.total++;
    if (c.type === 'host' || c.type === 'srflx' || c.type === 'prflx' || c.type === 'relay') counts[c.type]++;
    if (c.type === 'host' && isMdns(c.address)) counts.mdns++;
    if (
      c.type === 'relay' &&
      (c.relayProtocol === 'udp' || c.relayProtocol === 'tcp' || c.relayProtocol === 'tls')
    ) {
      counts.relayProtocols[c.relayProtocol]++;
    }
  };
  for (const c of events) add(c);
  for (const c of stats) add(c);
  return counts;
}

export function candidatePayload(c: CandidateInfo | undefined) {
  if (!c) return null;
  return {
    type: c.type ?? null,
    protocol: c.protocol ?? null,
    address: c.address ?? null,
    port: c.port ?? null,
    relayProtocol: c.relayProtocol ?? null,
    url: c.url ?? null,
    networkType: c.networkType ?? null,
  };
}
