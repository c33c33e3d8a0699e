import { describe, expect, it } from 'vitest';
import { connection, flat, stream, T0 } from '../../test/builders/session.js';
import { fixtureSession } from '../../test/support/detector-cases.js';
import { CHROMIUM_FORMATS } from '../../test/support/fixtures.js';
import { truthTime } from '../../test/support/truth.js';
import { apiCalls, TRACK_STATE, trackLifecycles } from './track-lifecycle.js';

const TOLERANCE_MS = 3_000;
const tracks = async (scenario: string, file: string) =>
  (await fixtureSession(`chromium156/${scenario}/${file}`)()).connections.flatMap((pc) => pc.tracks);

describe('track lifecycle of the recorded calls', () => {
  it.each([...CHROMIUM_FORMATS.caller, ...CHROMIUM_FORMATS.callee])('mute: %s', async (file) => {
    const list = await tracks('mute', file);
    const way = file.includes('callee') ? 'inbound' : 'outbound';
    const audio = list.find((t) => t.kind === 'audio' && t.direction === way)!;
    const video = list.find((t) => t.kind === 'video' && t.direction === way)!;
    // Audio disabled from 7.5 s to 15 s, video from 15 s to 22.5 s.
    expect(audio.muted).toHaveLength(1);
    expect(Math.abs(audio.muted[0]!.start - truthTime('mute', 0))).toBeLessThanOrEqual(TOLERANCE_MS);
    expect(Math.abs(audio.muted[0]!.end - truthTime('mute', 1))).toBeLessThanOrEqual(TOLERANCE_MS);
    expect(video.muted).toHaveLength(1);
    expect(Math.abs(video.muted[0]!.start - truthTime('mute', 2))).toBeLessThanOrEqual(TOLERANCE_MS);
    for (const t of list) expect(t.endedAt).toBeUndefined();
  });

  it.each([...CHROMIUM_FORMATS.caller, ...CHROMIUM_FORMATS.callee])('track-stopped: %s', async (file) => {
    const list = await tracks('track-stopped', file);
    const way = file.includes('callee') ? 'inbound' : 'outbound';
    const video = list.find((t) => t.kind === 'video' && t.direction === way)!;
    expect(Math.abs(video.endedAt! - truthTime('track-stopped', 0))).toBeLessThanOrEqual(TOLERANCE_MS);
    expect(video.sources.filter((s) => s.trackId === null)).toEqual([]);
    expect(list.filter((t) => t.kind === 'audio').map((t) => t.endedAt)).toEqual([undefined, undefined]);
  });

  it.each([...CHROMIUM_FORMATS.caller])('replace-null: the sender loses its source (%s)', async (file) => {
    const video = (await tracks('replace-null', file)).find(
      (t) => t.kind === 'video' && t.direction === 'outbound',
    )!;
    expect(video.sources.map((s) => s.trackId === null)).toEqual([false, true]);
    expect(video.negotiatedOffAt).toBeUndefined();
  });

  it.each([...CHROMIUM_FORMATS.caller])(
    'remove-video: negotiated off, and the log says so (%s)',
    async (file) => {
      const pc = (await fixtureSession(`chromium156/remove-video/${file}`)()).connections[0]!;
      const video = pc.tracks.find((t) => t.kind === 'video' && t.direction === 'outbound')!;
      expect(Math.abs(video.negotiatedOffAt! - truthTime('remove-video', 0))).toBeLessThanOrEqual(
        TOLERANCE_MS,
      );
      expect(pc.apiCalls.filter((c) => c.method === 'removeTrack').map((c) => c.kind)).toEqual(['video']);
    },
  );

  it.each([...CHROMIUM_FORMATS.caller, ...CHROMIUM_FORMATS.callee])(
    'clean: flowing throughout (%s)',
    async (file) => {
      for (const t of await tracks('clean', file)) {
        expect([t.muted, t.idle, t.endedAt]).toEqual([[], [], undefined]);
        expect(t.states.includes(TRACK_STATE.flowing)).toBe(true);
      }
    },
  );
});

describe('track lifecycle on bad input', () => {
  it('a stream without a packet-rate series has no known state', () => {
    const s = stream({ values: {} });
    delete s.series.packetRate;
    const [t] = trackLifecycles(connection({ streams: [s] }));
    expect(Array.from(t!.states)).toEqual(new Array(30).fill(TRACK_STATE.unknown));
    expect(t!.idle).toEqual([]);
  });

  it('NaN rates neither start nor end a stretch; never-started streams are not idle', () => {
    const rate = flat(30, 0);
    const [t] = trackLifecycles(connection({ streams: [stream({ values: { packetRate: rate } })] }));
    expect(t!.idle).toEqual([]);
    expect(t!.endedAt).toBeUndefined();
    const gappy = Array.from({ length: 30 }, (_, i) => (i < 5 ? 50 : i % 2 ? Number.NaN : 0));
    const [u] = trackLifecycles(connection({ streams: [stream({ values: { packetRate: gappy } })] }));
    expect(u!.endedAt).toBe(T0 + 5_000);
  });

  it('event values of any shape are read without throwing', () => {
    const events = [
      { type: 'removeTrack', timestamp: T0, value: null },
      { type: 'transceiverModified', timestamp: T0, value: 'text' },
      { type: 'transceiverModified', timestamp: T0, value: { mid: 3, sender: null } },
      { type: 'setParameters', timestamp: undefined, value: {} },
    ];
    expect(apiCalls(events)).toEqual([{ at: T0, method: 'removeTrack' }]);
  });
});
