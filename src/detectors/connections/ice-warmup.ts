import { min } from '../../computed/series-math.js';
import { defineDetector } from '../detector.js';
import { ms } from '../severity.js';

const WARMUP_MS = 10_000;

/** The connection was up long before media started: connected ahead of use (pre-warmed). */
export default defineDetector({
  meta: {
    type: 'iceWarmup',
    title: 'Connection warmup',
    severities: ['info'],
    tags: ['behavior', 'connectivity'],
    category: 'connections',
    description:
      'The connection was established well before any media flowed on it. Applications do this on purpose to make calls start instantly (pre-connecting); otherwise it shows a delay between connecting and starting to send or receive media.',
    remedy: 'Nothing to do when intended. Otherwise check why tracks are added or unmuted late.',
    thresholds: [
      {
        name: 'gap',
        value: WARMUP_MS,
        unit: 'ms',
        source:
          'Media normally starts within a second of connecting; counted to the last stats sample without packets',
      },
    ],
    related: ['unusedStream'],
  },
  applies: (session) =>
    session.connections.some((pc) => pc.lifecycle.connectedAt !== undefined && pc.streams.length > 0),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const connectedAt = pc.lifecycle.connectedAt;
      if (connectedAt === undefined) return [];
      // Stats are sampled (every 10 s by some collectors): media started after the last sample
      // without packets, so the gap counts from there, not from the first sample with packets.
      const starts = pc.streams.flatMap((s) => {
        if (s.firstPacketAt === undefined) return [];
        const t = Array.from(s.t);
        const i = t.indexOf(s.firstPacketAt);
        const before = i > 0 ? t[i - 1]! : i === 0 && t.length > 1 ? t[0]! - (t[1]! - t[0]!) : undefined;
        return [before ?? s.firstPacketAt];
      });
      if (starts.length === 0) return [];
      const gap = min(starts)! - connectedAt;
      if (gap < WARMUP_MS) return [];
      return [
        {
          severity: 'info' as const,
          source: { pid: pc.id },
          firstSeenAt: connectedAt,
          durationInMs: gap,
          indicators: { gapMs: gap },
          meaning: `Connection ${pc.id} was connected at least ${ms(gap)} before the first media packet.`,
        },
      ];
    }),
});
