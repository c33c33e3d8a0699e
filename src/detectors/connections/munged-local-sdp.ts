import { defineDetector } from '../detector.js';
import { localEdits } from './sdp-edits.js';
import { createdAndApplied, mediaRemoved, sdpLines } from './sdp-lines.js';

/** The application changed the SDP between createOffer/createAnswer and setLocalDescription. */
export default defineDetector({
  meta: {
    type: 'mungedLocalSdp',
    title: 'Local SDP modified (munging)',
    severities: ['medium', 'low'],
    tags: ['configuration', 'bug'],
    category: 'connections',
    description:
      'The description passed to setLocalDescription differs from the one the browser created: the application edited the SDP ("munging"). Munging is fragile across browser versions and can break negotiation or disable features. Medium when an m= section or a codec (payload type) was removed.',
    remedy:
      'Replace SDP edits with the standard APIs: setCodecPreferences, RTCRtpSender.setParameters (bitrate, scalability), addTransceiver with sendEncodings (simulcast).',
    thresholds: [
      {
        name: 'changed lines',
        value: 1,
        unit: 'lines',
        source:
          'fippo webrtc-dump-importer: munged sections between create*OnSuccess and setLocalDescription',
      },
    ],
    related: ['mungedReorderedLinesInLocalSdp', 'setDescriptionFailure'],
  },
  applies: (session) =>
    session.connections.some((pc) => createdAndApplied(pc.signaling.localDescriptions).length > 0),
  run: (session) =>
    session.connections.flatMap((pc) => {
      // Reordered lines and payload types are mungedReorderedLinesInLocalSdp's finding.
      const edits = localEdits(pc.signaling.localDescriptions)
        .filter((e) => e.removed.length > 0 || e.added.length > 0)
        .map((edit) => ({
          edit,
          codecsRemoved: mediaRemoved(sdpLines(edit.created), sdpLines(edit.applied)),
        }));
      // The most harmful edit: the first that removed media, else the first.
      const worst = edits.find((e) => e.codecsRemoved) ?? edits[0];
      if (!worst) return [];
      const { created, applied, removed, added } = worst.edit;
      const { codecsRemoved } = worst;
      return [
        {
          severity: codecsRemoved ? ('medium' as const) : ('low' as const),
          source: { pid: pc.id },
          firstSeenAt: applied.at,
          valueInCount: removed.length + added.length,
          indicators: {
            linesRemoved: removed.length,
            linesAdded: added.length,
            mediaRemoved: codecsRemoved,
            mungedDescriptions: edits.length,
            example: (removed[0] ?? added[0] ?? '').slice(0, 120),
          },
          meaning: `The application changed the ${created.type ?? 'local'} SDP before applying it on ${pc.id} (${removed.length} line(s) removed, ${added.length} added${codecsRemoved ? ', media or codecs among them' : ''})${edits.length > 1 ? `; ${edits.length} descriptions were changed` : ''}.`,
        },
      ];
    }),
});
