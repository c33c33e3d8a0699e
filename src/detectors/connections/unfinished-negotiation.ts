import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';

/** Signaling was left half-way (an offer without its answer) when the recording ended. */
export default defineDetector({
  meta: {
    type: 'unfinishedNegotiation',
    title: 'Unfinished negotiation',
    severities: ['medium', 'low'],
    tags: ['behavior', 'bug'],
    category: 'connections',
    description:
      'The signaling state was not `stable` at the end: an offer was made but no answer applied. Media changes of that negotiation (new tracks, codecs, ICE restart) never took effect. Medium when the connection never carried media.',
    remedy:
      'Make sure every offer gets an answer through signaling, that glare (both sides offering) is resolved (perfect negotiation pattern), and that answers are not dropped by the signaling server.',
    thresholds: [
      {
        name: 'state',
        value: 'have-local-offer or have-remote-offer at the end',
        source: SOURCES.rtcstatsFeatures,
      },
    ],
    related: ['highSignalingTime'],
  },
  applies: (session) => session.connections.some((pc) => pc.lifecycle.states.signaling.length > 0),
  run: (session) =>
    session.connections.flatMap((pc) => {
      if (!pc.signaling.pendingNegotiation) return [];
      const last = pc.lifecycle.states.signaling.at(-1);
      const carriedMedia = pc.streams.some((s) => (s.totals.packets ?? 0) > 0);
      return [
        {
          severity: carriedMedia ? ('low' as const) : ('medium' as const),
          source: { pid: pc.id },
          firstSeenAt: last?.at,
          indicators: { signalingState: last?.state ?? null, negotiations: pc.signaling.negotiations.length },
          meaning: `Connection ${pc.id} ended in signaling state ${last?.state ?? 'unknown'}: the last negotiation never completed.`,
        },
      ];
    }),
});
