import { defineDetector } from '../detector.js';
import { localEdits, reorderedLines } from './sdp-edits.js';
import { createdAndApplied } from './sdp-lines.js';

/** Same lines, another order: typically codec preference by reordering payload types. */
export default defineDetector({
  meta: {
    type: 'mungedReorderedLinesInLocalSdp',
    title: 'Reordered lines in local SDP',
    severities: ['low'],
    tags: ['configuration'],
    category: 'connections',
    description:
      "The application reordered lines of the SDP it applied, usually to prefer a codec by moving its payload type first on the m= line, or by rewriting the SDP with a library that orders lines its own way. Counted: the fewest lines that must move to restore the browser's order, plus m= lines whose payload types were reordered; lines added or removed are `mungedLocalSdp`. It works, but setCodecPreferences does the same without touching SDP.",
    remedy: 'Use RTCRtpTransceiver.setCodecPreferences to prefer codecs.',
    thresholds: [
      {
        name: 'reordered lines',
        value: 1,
        unit: 'lines',
        source:
          'fippo webrtc-dump-importer: reordered sections between create*OnSuccess and setLocalDescription',
      },
    ],
    related: ['mungedLocalSdp'],
  },
  applies: (session) =>
    session.connections.some((pc) => createdAndApplied(pc.signaling.localDescriptions).length > 0),
  run: (session) =>
    session.connections.flatMap((pc) => {
      for (const edit of localEdits(pc.signaling.localDescriptions)) {
        const moved = reorderedLines(edit);
        if (moved === 0) continue;
        return [
          {
            severity: 'low' as const,
            source: { pid: pc.id },
            firstSeenAt: edit.applied.at,
            valueInCount: moved,
            indicators: { reorderedLines: moved },
            meaning: `The application reordered ${moved} line(s) of the local SDP on ${pc.id} before applying it.`,
          },
        ];
      }
      return [];
    }),
});
