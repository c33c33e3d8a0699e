import type { CandidateInfo } from '../../computed/ice-transport.js';
import { pairById } from '../../computed/pair-lookup.js';
import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import type { Severity } from '../../model/payload/observation.js';
import { type Detector, defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';

/** The local candidate of each selected pair, with when it was selected. */
export function selectedLocals(
  pc: PeerConnectionView,
): { at: number; pairId: string; local: CandidateInfo | undefined; remote: CandidateInfo | undefined }[] {
  return pc.ice.selected.map((s) => {
    const pair = pairById(pc.ice.pairs, s.pairId);
    return { at: s.at, pairId: s.pairId, local: s.local ?? pair?.local, remote: s.remote ?? pair?.remote };
  });
}

const DESCRIPTIONS: Record<
  string,
  { title: string; severity: Severity; description: string; remedy: string }
> = {
  udp: {
    title: 'Media relayed over TURN/UDP',
    severity: 'info',
    description:
      "Media went through a TURN relay over UDP: no direct path between the peers worked (symmetric NAT, firewall, or a relay-only policy). UDP relaying adds a hop and the relay's distance to the delay, but keeps real-time behaviour.",
    remedy: 'Expected for some networks. Place TURN servers near users to limit the extra delay.',
  },
  tcp: {
    title: 'Media relayed over TCP',
    severity: 'medium',
    description:
      'Media went through a TURN relay over TCP: UDP was blocked. TCP retransmits lost packets and delivers in order, so any loss turns into added delay and bursts (head-of-line blocking) — poor for real-time media.',
    remedy:
      'Check whether the client network blocks UDP (corporate firewall, proxy). Offer TURN over UDP on a common port (3478 or 443) so it can be used when allowed.',
  },
  tls: {
    title: 'Media relayed over TLS',
    severity: 'medium',
    description:
      "Media went through a TURN relay over TLS (turns:, usually port 443): only TLS traffic passed the network. It adds TCP's head-of-line blocking plus encryption overhead; quality suffers under any loss.",
    remedy:
      'The client network allows only HTTPS-like traffic (strict firewall or proxy). Nothing better is possible there; make sure the TURN/TLS server is close to the users.',
  },
};

/** The selected pair relays through TURN with the given transport to the TURN server. */
export function relayDetector(type: string, protocol: 'udp' | 'tcp' | 'tls'): Detector {
  const d = DESCRIPTIONS[protocol]!;
  return defineDetector({
    meta: {
      type,
      title: d.title,
      severities: [d.severity],
      tags: protocol === 'udp' ? ['connectivity', 'network'] : ['connectivity', 'network', 'configuration'],
      category: 'pairs',
      description: d.description,
      remedy: d.remedy,
      thresholds: [
        {
          name: 'local candidate',
          value: `relay (${protocol})`,
          source: `${SOURCES.webrtcStats} (candidateType, relayProtocol); ${SOURCES.peermetrics} (turn_used, tcp_used)`,
        },
      ],
      related: ['relayOverUdp', 'relayOverTcp', 'relayOverTls'].filter((t) => t !== type),
    },
    applies: (session) => session.connections.some((pc) => pc.ice.selected.length > 0),
    run: (session) =>
      session.connections.flatMap((pc) => {
        const hit = selectedLocals(pc).find(
          (s) => s.local?.type === 'relay' && (s.local.relayProtocol ?? 'udp') === protocol,
        );
        if (!hit) return [];
        return [
          {
            severity: d.severity,
            source: { pid: pc.id, cpid: hit.pairId },
            firstSeenAt: hit.at,
            ...(hit.local?.url ? { url: hit.local.url } : {}),
            indicators: {
              relayProtocol: protocol,
              relayAddress: hit.local?.address ?? null,
              remoteType: hit.remote?.type ?? null,
            },
            meaning: `Connection ${pc.id} relayed its media through TURN over ${protocol.toUpperCase()}${hit.local?.url ? ` (${hit.local.url})` : ''}.`,
          },
        ];
      }),
  });
}
