import { callClock } from '../../computed/call-times.js';
import { episodesDurationMs } from '../../computed/episodes.js';
import { LIFECYCLE_LIMITS } from '../../computed/track-lifecycle.js';
import { defineDetector } from '../detector.js';
import { ms } from '../severity.js';
import { everFlowed, trackSubject } from './track-actions.js';

/** The other side muted what this client receives: digital silence or black frames kept arriving. */
export default defineDetector({
  meta: {
    type: 'remoteTrackMuted',
    title: 'Received track muted',
    severities: ['low'],
    tags: ['behavior', 'inbound'],
    category: 'streams',
    description:
      'Media this client was receiving kept arriving but carried nothing for a while, after it had carried sound or picture: digital silence (audio level 0) or black frames at a few kbit/s. The other side muted its microphone or turned its camera off (`track.enabled = false`). Low: the user here could not hear or see the other person then, which they may not have expected.',
    remedy:
      'Nothing to do when the other side meant it; show the receiving user that the other side is muted.',
    thresholds: [
      { name: 'mute', value: LIFECYCLE_LIMITS.minMuteMs, unit: 'ms', source: 'As trackMuted' },
      { name: 'silence', value: LIFECYCLE_LIMITS.silentLevel, unit: 'audioLevel', source: 'As trackMuted' },
      {
        name: 'black frames',
        value: LIFECYCLE_LIMITS.blackFrameKbits,
        unit: 'kbit per frame',
        source: 'As trackMuted',
      },
    ],
    related: ['trackMuted', 'remoteMediaStopped', 'longMute'],
    family: 'remote',
    explains: ['longMute'],
  },
  applies: (session) => session.connections.some((pc) => pc.tracks.some((t) => t.direction === 'inbound')),
  run: (session) => {
    const clock = callClock(session);
    return session.connections.flatMap((pc) =>
      pc.tracks
        .filter((t) => t.direction === 'inbound' && t.muted.length > 0 && everFlowed(t))
        .map((track) => {
          const total = episodesDurationMs(track.muted);
          const first = track.muted[0]!;
          const what =
            track.kind === 'audio' ? 'their microphone was muted' : 'their camera was off (black frames)';
          return {
            severity: 'low' as const,
            ...trackSubject(track, 'remote'),
            episodes: track.muted,
            valueInCount: track.muted.length,
            durationInMs: total,
            indicators: { kind: track.kind, mutes: track.muted.length, mutedMs: total },
            meaning: `From ${clock(first.start)} ${what} for ${ms(first.end - first.start)}${track.muted.length > 1 ? ` (${track.muted.length} times, ${ms(total)} in all)` : ''}.`,
          };
        }),
    );
  },
});
