import { callClock } from '../../computed/call-times.js';
import { defineDetector } from '../detector.js';
import { ACTION_MATCH_MS, sendActions, sendingStopped, trackNoun } from './track-actions.js';
import { SENDING_STOPPED_CONSEQUENCES } from './track-stopped.js';

/** The app removed a sending track (removeTrack, or a renegotiation that stopped sending it). */
export default defineDetector({
  meta: {
    type: 'trackRemoved',
    title: 'Track removed by the app',
    severities: ['low'],
    tags: ['behavior', 'outbound'],
    category: 'streams',
    description:
      "The app removed a track it was sending (`RTCPeerConnection.removeTrack`, or a transceiver set to stop sending) and renegotiated: the media section no longer sends, and the stream's media stopped from then on. What the app did, not a fault; low because the other side lost that media.",
    remedy: 'Nothing to do when intended.',
    thresholds: [
      {
        name: 'match',
        value: ACTION_MATCH_MS,
        unit: 'ms between the renegotiation (or the removeTrack call) and the media stopping',
        source: 'callscope: stats are polled about once a second',
      },
    ],
    related: ['trackStopped', 'trackReplaced', 'renegotiation'],
    family: 'application',
    explains: [...SENDING_STOPPED_CONSEQUENCES, 'unusedStream'],
  },
  applies: (session) => session.connections.some((pc) => pc.tracks.some((t) => t.direction === 'outbound')),
  run: (session) => {
    const clock = callClock(session);
    return sendActions(session)
      .filter((a) => a.action === 'removed')
      .map(({ pc, track, at }) =>
        sendingStopped(
          pc,
          track,
          at,
          'removeTrack',
          `removed its ${trackNoun(track.kind)} track from the call at ${clock(at)} and renegotiated`,
        ),
      );
  },
});
