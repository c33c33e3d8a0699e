import { callClock } from '../../computed/call-times.js';
import { defineDetector, type Finding } from '../detector.js';
import { ACTION_MATCH_MS, sendActions, sendingStopped, trackNoun, trackSubject } from './track-actions.js';
import { SENDING_STOPPED_CONSEQUENCES } from './track-stopped.js';

/** The app replaced a sending track (RTCRtpSender.replaceTrack): with another, or with none. */
export default defineDetector({
  meta: {
    type: 'trackReplaced',
    title: 'Track replaced by the app',
    severities: ['low', 'info'],
    tags: ['behavior', 'outbound'],
    category: 'streams',
    description:
      "The app changed the track a sender carries without renegotiating (`RTCRtpSender.replaceTrack`): the stats link the sending stream to another media source. Replaced with another track (a camera switch, a screen share swapped in), media goes on: informational. Replaced with no track (`replaceTrack(null)`), the sender's media stopped from then on: low, the other side lost it.",
    remedy: 'Nothing to do when intended.',
    thresholds: [
      {
        name: 'match',
        value: ACTION_MATCH_MS,
        unit: 'ms between the new source and the media stopping',
        source: 'callscope: stats are polled about once a second',
      },
    ],
    related: ['trackStopped', 'trackRemoved', 'screenShare'],
    family: 'application',
    explains: SENDING_STOPPED_CONSEQUENCES,
  },
  applies: (session) =>
    session.connections.some((pc) =>
      pc.tracks.some((t) => t.direction === 'outbound' && t.sources.length > 0),
    ),
  run: (session) => {
    const clock = callClock(session);
    return sendActions(session)
      .filter((a) => a.action === 'replaced')
      .map(({ pc, track, at, replacedBy }): Finding => {
        const noun = trackNoun(track.kind);
        if (replacedBy !== null) {
          return {
            severity: 'info' as const,
            ...trackSubject(track, 'local'),
            firstSeenAt: at,
            indicators: { action: 'replaceTrack(track)', kind: track.kind, newTrackId: replacedBy ?? null },
            meaning: `The app replaced its ${track.kind} track with another at ${clock(at)}; ${track.kind} went on.`,
          };
        }
        return sendingStopped(
          pc,
          track,
          at,
          'replaceTrack(null)',
          `took its ${noun} track off the sender at ${clock(at)} (replaceTrack(null))`,
        );
      });
  },
});
