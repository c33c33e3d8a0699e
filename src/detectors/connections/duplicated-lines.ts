import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import { type Detector, defineDetector } from '../detector.js';
import { duplicatedLines, LineIds, lineIds } from './sdp-line-ids.js';

/** Identical attribute lines repeated within one SDP section. */
export function duplicatedLinesDetector(side: 'local' | 'remote'): Detector {
  const type = side === 'local' ? 'duplicatedLinesInLocalSdp' : 'duplicatedLinesInRemoteSdp';
  const descriptions = (pc: PeerConnectionView) =>
    side === 'local' ? pc.signaling.localDescriptions : pc.signaling.remoteDescriptions;
  return defineDetector({
    meta: {
      type,
      title: `Duplicated lines in ${side} SDP`,
      severities: ['low'],
      tags: ['bug', 'configuration'],
      category: 'connections',
      description:
        side === 'local'
          ? 'A local description repeats identical lines within one section. Browsers never generate that; the application (SDP munging) added them, and some endpoints refuse or misread such SDP.'
          : 'A remote description repeats identical lines within one section: the remote application or media server generated malformed SDP. Browsers tolerate most repeats, but they indicate a bug there.',
      remedy:
        side === 'local'
          ? 'Fix the SDP edits of the application, or replace them with standard APIs.'
          : 'Report the malformed SDP to the remote endpoint or media server; check SDP manipulation in the signaling server.',
      thresholds: [
        {
          name: 'duplicates',
          value: 1,
          unit: 'lines',
          source: 'RFC 8866 (SDP): attribute lines describe a session or media once',
        },
      ],
      related: [side === 'local' ? 'mungedLocalSdp' : 'setDescriptionFailure'],
    },
    applies: (session) => session.connections.some((pc) => descriptions(pc).length > 0),
    run: (session) =>
      session.connections.flatMap((pc) => {
        const list = descriptions(pc);
        // The local numbering is shared with the munging checks (the run's memo); the remote one
        // serves this check alone, so it is made for the connection and let go with it: kept in
        // the memo to the run's end, the 200 MB short-series bench dump peaked about 6 MB higher
        // (three runs each, 236-241 against 224-237 thousand KiB; runs spread by about 10).
        const ids = side === 'local' ? lineIds(list) : new LineIds();
        for (const d of list) {
          const dupes = duplicatedLines(d, ids);
          if (dupes.length === 0) continue;
          return [
            {
              severity: 'low' as const,
              source: { pid: pc.id },
              firstSeenAt: d.at,
              valueInCount: dupes.length,
              indicators: {
                duplicatedLines: dupes.length,
                example: dupes[0]!.slice(0, 120),
                description: d.source,
              },
              meaning: `The ${side} SDP of ${pc.id} repeats ${dupes.length} line(s), e.g. "${dupes[0]!.slice(0, 60)}".`,
            },
          ];
        }
        return [];
      }),
  });
}
