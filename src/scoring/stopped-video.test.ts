import { describe, expect, it } from 'vitest';
import { fixtureSession } from '../../test/support/detector-cases.js';
import { CHROMIUM_FORMATS, fixture } from '../../test/support/fixtures.js';
import { analyzeDump } from '../index.js';
import { scoreSession } from './index.js';

/**
 * Received video that stops and never comes back lowers the video score of the side that lost it
 * (it scored only the seconds with picture, and went up); the stream table shows no frame rate
 * where the stopped stream sent or received no frame.
 */
describe('a stopped video', () => {
  it.each([...CHROMIUM_FORMATS.callee])('lowers the receiving side’s video score: %s', async (file) => {
    const receiving = await fixtureSession(`chromium156/track-stopped/${file}`)();
    const { scores, mos } = scoreSession(receiving, []);
    // The caller stopped its camera half-way: some 14 s without a frame score the floor.
    expect(mos.in_video.filter((v) => v === 1).length).toBeGreaterThanOrEqual(10);
    const clean = scoreSession(await fixtureSession(`chromium156/clean/${file}`)(), []);
    expect(scores.videoScore!).toBeLessThan(clean.scores.videoScore! - 0.4);
  });

  it.each([...CHROMIUM_FORMATS.caller])(
    'keeps the sending side’s score: its own choice (%s)',
    async (file) => {
      const sending = scoreSession(await fixtureSession(`chromium156/track-stopped/${file}`)(), []);
      expect(sending.mos.in_video.filter((v) => v === 1)).toEqual([]);
    },
  );

  it.each([...CHROMIUM_FORMATS.caller, ...CHROMIUM_FORMATS.callee])(
    'black frames of a disabled camera are not scored as picture: %s',
    async (file) => {
      const muted = scoreSession(await fixtureSession(`chromium156/mute/${file}`)(), []);
      const clean = scoreSession(await fixtureSession(`chromium156/clean/${file}`)(), []);
      const scope = file.includes('callee') ? 'in_video' : 'out_video';
      // The caller's camera was off for 7.5 s of 30: some 6 samples fewer than the clean call.
      expect(clean.mos[scope].length - muted.mos[scope].length).toBeGreaterThanOrEqual(5);
    },
  );

  it.each([...CHROMIUM_FORMATS.caller, ...CHROMIUM_FORMATS.callee])(
    'counts 0 fps, not the last frame rate, once the stream stopped: %s',
    async (file) => {
      const { data } = await analyzeDump(fixture('chromium156', 'track-stopped', file));
      const video = Object.values(data.streams).filter((s) => s.kind === 'video' && s.packets! > 0);
      const stopped = video.filter((s) => s.direction === (file.includes('callee') ? 'inbound' : 'outbound'));
      expect(stopped).toHaveLength(1);
      // Half the call at about 20 fps, half without a frame (the browser's gauge kept 20).
      const fps = stopped[0]!.video!.framesPerSecond!;
      expect(fps.min).toBe(0);
      expect(fps.avg).toBeLessThan(14);
      const flowing = video.filter((s) => s !== stopped[0]);
      for (const s of flowing) expect(s.video!.framesPerSecond!.min).toBeGreaterThan(10);
    },
  );
});
