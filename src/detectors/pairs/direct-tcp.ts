import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';
import { selectedLocals } from './relay.js';

/** A direct (non-relayed) path over TCP: ICE-TCP, used when UDP is blocked. */
export default defineDetector({
  meta: {
    type: 'directTcp',
    title: 'Direct connection over TCP',
    severities: ['low'],
    tags: ['connectivity', 'network'],
    category: 'pairs',
    description:
      'The selected path is a direct TCP connection (ICE-TCP), typically to a media server that accepts TCP because UDP did not get through. TCP turns packet loss into delay and bursts.',
    remedy: 'Check whether UDP is blocked on the client network; prefer UDP when the network allows it.',
    thresholds: [
      {
        name: 'local candidate',
        value: 'host/srflx/prflx over tcp',
        source: `${SOURCES.peermetrics} (tcp_used)`,
      },
    ],
    related: ['relayOverTcp'],
  },
  applies: (session) => session.connections.some((pc) => pc.ice.selected.length > 0),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const hit = selectedLocals(pc).find(
        (s) => s.local && s.local.type !== 'relay' && s.local.protocol === 'tcp',
      );
      if (!hit) return [];
      return [
        {
          severity: 'low' as const,
          source: { pid: pc.id, cpid: hit.pairId },
          firstSeenAt: hit.at,
          indicators: { localType: hit.local?.type ?? null, remoteAddress: hit.remote?.address ?? null },
          meaning: `Connection ${pc.id} used a direct TCP path.`,
        },
      ];
    }),
});
