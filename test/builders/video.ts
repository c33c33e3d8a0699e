/**
 * Builders of sessions carrying video, for the video stream detectors (src/detectors/streams).
 * Each stream lasts 30 samples one second apart by default: media flows from T0 to T0 + 29 s.
 */
import type { RtpStream, SeriesName } from '../../src/computed/rtp-streams.js';
import type { SessionView } from '../../src/computed/session-view.js';
import { connection, session, stream } from './session.js';

type StreamOverrides = Partial<RtpStream> & {
  n?: number;
  values?: Partial<Record<SeriesName, readonly number[] | Float64Array>>;
};

/** A sent (outbound) camera video stream, 640x480 VP8 at 30 fps unless overridden. */
export const sentVideo = (overrides: StreamOverrides = {}): RtpStream =>
  stream({
    kind: 'video',
    direction: 'outbound',
    id: 'OT01V1111',
    ssrc: 1111,
    trackId: 'camera-track',
    codec: { mimeType: 'video/VP8', payloadType: 96, clockRate: 90_000 },
    ...overrides,
    values: {
      framesPerSecond: new Array(overrides.n ?? 30).fill(30),
      frameHeight: new Array(overrides.n ?? 30).fill(480),
      ...overrides.values,
    },
  });

/** A received (inbound) camera video stream, 640x480 VP8 at 30 fps unless overridden. */
export const receivedVideo = (overrides: StreamOverrides = {}): RtpStream =>
  stream({
    kind: 'video',
    direction: 'inbound',
    id: 'IT01V2222',
    ssrc: 2222,
    trackId: 'remote-camera',
    codec: { mimeType: 'video/VP8', payloadType: 96, clockRate: 90_000 },
    ...overrides,
    values: {
      framesPerSecond: new Array(overrides.n ?? 30).fill(30),
      frameHeight: new Array(overrides.n ?? 30).fill(480),
      ...overrides.values,
    },
  });

/** A session with one connection (id `pc1`) carrying the given streams. */
export const videoSession = (...streams: RtpStream[]): SessionView =>
  session({ connections: [connection({ streams })] });

/** A per-sample series: `value` from sample `from` (inclusive) on, `before` until then. */
export const stepAt = <T>(n: number, from: number, value: T, before: T): T[] =>
  Array.from({ length: n }, (_, i) => (i >= from ? value : before));
