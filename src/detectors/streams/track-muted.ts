import { callClock } from '../../computed/call-times.js';
import { episodesDurationMs } from '../../computed/episodes.js';
import { LIFECYCLE_LIMITS } from '../../computed/track-lifecycle.js';
import { defineDetector } from '../detector.js';
import { ms } from '../severity.js';
import { SOURCES } from '../sources.js';
import { everFlowed, trackNoun, trackSubject } from './track-actions.js';

/**
 * The app muted a sending track (`track.enabled = false`): its media kept flowing as digital
 * silence or black frames. A microphone that never produced sound is silentMicrophone.
 */
export default defineDetector({
  meta: {
    type: 'trackMuted',
    title: 'Track muted by the app',
    severities: ['info'],
    tags: ['behavior', 'outbound'],
    category: 'streams',
    description:
      'A track this client was sending was muted for a while after it had carried sound or picture: audio became digital silence (level 0, what a disabled audio track sends), video became black frames at a few kbit/s (what a disabled video track sends). This is the app or the user muting (`track.enabled = false`), not a faulty device: a microphone that never produced any sound is reported as silentMicrophone.',
    remedy: 'Nothing to do when intended.',
    thresholds: [
      {
        name: 'mute',
        value: LIFECYCLE_LIMITS.minMuteMs,
        unit: 'ms',
        source: `${SOURCES.jitsiNoAudio}; pauses in speech are shorter`,
      },
      {
        name: 'silence',
        value: LIFECYCLE_LIMITS.silentLevel,
        unit: 'audioLevel',
        source:
          'W3C webrtc-stats audioLevel: a 16-bit peak over 32767; silence reads 0, one step once decoded',
      },
      {
        name: 'black frames',
        value: LIFECYCLE_LIMITS.blackFrameKbits,
        unit: 'kbit per frame',
        source:
          'W3C mediacapture-main: a disabled video track renders black frames; 1.0-1.3 kbit per 640x480 VP8 frame measured on Chromium 156',
      },
    ],
    related: ['silentMicrophone', 'longMute', 'remoteTrackMuted'],
    family: 'application',
    explains: ['longMute'],
  },
  applies: (session) => session.connections.some((pc) => pc.tracks.some((t) => t.direction === 'outbound')),
  run: (session) => {
    const clock = callClock(session);
    return session.connections.flatMap((pc) =>
      pc.tracks
        .filter((t) => t.direction === 'outbound' && t.muted.length > 0 && everFlowed(t))
        .map((track) => {
          const total = episodesDurationMs(track.muted);
          const first = track.muted[0]!;
          const what = track.kind === 'audio' ? 'digital silence was sent' : 'black frames were sent';
          const when =
            track.muted.length === 1
              ? `from ${clock(first.start)} for ${ms(first.end - first.start)}`
              : `${track.muted.length} times from ${clock(first.start)} (${ms(total)} in all)`;
          return {
            severity: 'info' as const,
            ...trackSubject(track, 'local'),
            episodes: track.muted,
            valueInCount: track.muted.length,
            durationInMs: total,
            indicators: {
              action: 'track.enabled = false',
              kind: track.kind,
              mutes: track.muted.length,
              mutedMs: total,
            },
            meaning: `The app muted its ${trackNoun(track.kind)} ${when}: ${what}.`,
          };
        }),
    );
  },
});
