import { defineDetector, type Finding } from '../detector.js';
import { SOURCES } from '../sources.js';

/**
 * A channel seen this long without opening never opened; one that closed this long before its
 * connection closed early.
 */
const MIN_MS = 5_000;

/** A data channel never opened, or closed while its connection was still up. */
export default defineDetector({
  meta: {
    type: 'dataChannelFailure',
    title: 'Data channel failure',
    severities: ['high', 'medium'],
    tags: ['datachannel', 'connectivity'],
    category: 'datachannels',
    description:
      'A data channel did not work: it never reached `open` although the connection connected (high: nothing could be exchanged), or it closed well before the connection ended (medium: the application lost its channel mid-call, e.g. SCTP aborted or the peer closed it).',
    remedy:
      'Check that both sides negotiate the data channel (m=application in both descriptions), that the SCTP association is not torn down by the peer, and that messages stay under the maximum message size.',
    thresholds: [
      {
        name: 'state',
        value: `never open, or closed ${MIN_MS / 1000} s or more before the connection`,
        source: `${SOURCES.webrtcStats} (RTCDataChannelState)`,
      },
    ],
    related: ['iceFailure'],
  },
  applies: (session) =>
    session.connections.some((pc) => pc.ice.dataChannels.length > 0 && pc.lifecycle.everConnected),
  run: (session) =>
    session.connections.flatMap((pc) => {
      if (!pc.lifecycle.everConnected) return [];
      const end = pc.lifecycle.closedAt ?? pc.statsRange?.last;
      return pc.ice.dataChannels.flatMap((dc): Finding[] => {
        const opened = dc.states.some((s) => s.state === 'open');
        const closedAt = dc.states.find((s) => s.state === 'closed')?.at;
        if (!opened && dc.lastSeenAt - dc.firstSeenAt >= MIN_MS) {
          return [
            {
              severity: 'high',
              source: { pid: pc.id, did: dc.id, ...(dc.label ? { labelId: dc.label } : {}) },
              firstSeenAt: dc.firstSeenAt,
              indicators: { label: dc.label ?? null, state: dc.state ?? null },
              meaning: `Data channel "${dc.label || dc.id}" never opened on ${pc.id}.`,
            },
          ];
        }
        if (opened && closedAt !== undefined && end !== undefined && end - closedAt >= MIN_MS) {
          return [
            {
              severity: 'medium',
              source: { pid: pc.id, did: dc.id, ...(dc.label ? { labelId: dc.label } : {}) },
              firstSeenAt: closedAt,
              indicators: { label: dc.label ?? null, closedBeforeEndMs: end - closedAt },
              meaning: `Data channel "${dc.label || dc.id}" closed ${Math.round((end - closedAt) / 1000)} s before its connection ended.`,
            },
          ];
        }
        return [];
      });
    }),
});
