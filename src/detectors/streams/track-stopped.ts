import { callClock } from '../../computed/call-times.js';
import { LIFECYCLE_LIMITS } from '../../computed/track-lifecycle.js';
import { defineDetector } from '../detector.js';
import { ACTION_MATCH_MS, sendActions, sendingStopped, trackNoun } from './track-actions.js';

/** What a sending track that stopped brings about on this side. */
export const SENDING_STOPPED_CONSEQUENCES = ['lowFrameRate', 'longMute', 'framesDropped', 'resolutionDrop'];

/** The app stopped a sending track: its media stopped for good while the sender kept the track. */
export default defineDetector({
  meta: {
    type: 'trackStopped',
    title: 'Track stopped by the app',
    severities: ['low'],
    tags: ['behavior', 'outbound'],
    category: 'streams',
    description:
      'A track this client was sending stopped carrying media for the rest of the call while its sender kept the same track: the app called `track.stop()` (the user turned the camera or microphone off that way), or the device ended the track. The other side received nothing more from it. What the app did, not a fault; low because the other side lost that media. Media that stopped as the connection went down (disconnected, failed, closed) is caused by the network and is not reported here.',
    remedy:
      'Nothing to do when intended. If the user did not turn the device off, look for what ended the track (a device unplugged, another app taking the camera, an `ended` event).',
    thresholds: [
      {
        name: 'stopped',
        value: LIFECYCLE_LIMITS.minIdleMs,
        unit: 'ms without packets, to the end of the recording',
        source: 'callscope: longer than a stall of a poll or two',
      },
      {
        name: 'idle packet rate',
        value: LIFECYCLE_LIMITS.idlePacketRate,
        unit: 'packets/s',
        source: 'RFC 7587 §3.1.3: Opus DTX still sends 2.5 packets/s in silence',
      },
      {
        name: 'match',
        value: ACTION_MATCH_MS,
        unit: 'ms between the signs of one action',
        source: 'callscope: stats are polled about once a second',
      },
    ],
    related: ['trackReplaced', 'trackRemoved', 'remoteMediaStopped'],
    family: 'application',
    explains: SENDING_STOPPED_CONSEQUENCES,
  },
  applies: (session) => session.connections.some((pc) => pc.tracks.some((t) => t.direction === 'outbound')),
  run: (session) => {
    const clock = callClock(session);
    return sendActions(session)
      .filter((a) => a.action === 'stopped')
      .map(({ pc, track, at }) =>
        sendingStopped(
          pc,
          track,
          at,
          'track.stop()',
          `stopped its ${trackNoun(track.kind)} track at ${clock(at)}`,
        ),
      );
  },
});
