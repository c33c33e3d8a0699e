import { describe, expect, it } from 'vitest';
import { connection, flat, stream } from '../../test/builders/session.js';
import { fixtureSession } from '../../test/support/detector-cases.js';
import { fixture } from '../../test/support/fixtures.js';
import { analyzeDump } from '../analysis/analyze-dump.js';
import { audioMosSeries } from './audio.js';

type StreamInput = NonNullable<Parameters<typeof stream>[0]>;

import { fpsQuality, heightForBitrate, heightQuality, videoMosSeries } from './video.js';

const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const opus = { mimeType: 'audio/opus', sdpFmtpLine: 'minptime=10;useinbandfec=1' };

describe('audio MOS series', () => {
  const pc = connection();
  const audio = (values: StreamInput['values'] = {}) =>
    stream({ kind: 'audio', direction: 'inbound', n: 20, codec: opus, values });

  it('gives a clean 32 kbps Opus stream about 4.15 (R ≈ 93.2 − Id 2.2 − Ie 7.3)', () => {
    const mos = audioMosSeries(
      pc,
      audio({ rttMs: flat(20, 40), jitterMs: flat(20, 3), jitterBufferMs: flat(20, 40) }),
    );
    expect(mos).toHaveLength(20);
    expect(mean(mos)).toBeCloseTo(4.16, 2);
  });

  it('drops with loss, with concealment and with delay', () => {
    const base = mean(audioMosSeries(pc, audio()));
    const lossy = mean(audioMosSeries(pc, audio({ lossPercent: flat(20, 10) })));
    const concealed = mean(audioMosSeries(pc, audio({ concealmentPercent: flat(20, 10) })));
    const delayed = mean(audioMosSeries(pc, audio({ rttMs: flat(20, 900) })));
    expect(lossy).toBeLessThan(base - 0.8);
    // Concealment counts like loss: late packets are concealed too.
    expect(concealed).toBeCloseTo(lossy, 5);
    expect(delayed).toBeLessThan(base - 0.5);
  });

  it('skips samples where nothing was sent (muted, DTX off)', () => {
    const bitrate = [...Array(10).fill(32), ...Array(10).fill(0)];
    expect(audioMosSeries(pc, audio({ bitrateKbps: bitrate }))).toHaveLength(10);
  });

  it('takes the pair RTT when the stream has none', () => {
    const noRtt = audio({ rttMs: flat(20, Number.NaN) });
    const far = connection();
    far.ice.pairs[0]!.series.rttMs = flat(30, 1200);
    expect(mean(audioMosSeries(far, noRtt))).toBeLessThan(mean(audioMosSeries(pc, audio())) - 0.5);
  });
});

describe('video MOS series', () => {
  const video = (values: StreamInput['values'], extra: StreamInput = {}) =>
    stream({ kind: 'video', direction: 'inbound', n: 10, values, ...extra });

  it('interpolates resolution quality between anchors, on a log scale', () => {
    expect(heightQuality(720)).toBe(1);
    expect(heightQuality(1080)).toBe(1);
    expect(heightQuality(90)).toBe(0.4);
    expect(heightQuality(360)).toBeCloseTo(0.8, 10);
    expect(heightQuality(300)).toBeGreaterThan(0.65);
    expect(heightQuality(300)).toBeLessThan(0.8);
  });

  it('counts frame rate logarithmically up to fluid', () => {
    expect(fpsQuality(30, 24)).toBe(1);
    expect(fpsQuality(0, 24)).toBe(0);
    expect(fpsQuality(12, 24)).toBeCloseTo(Math.log(13) / Math.log(25), 10);
  });

  it('scores 720p30 without loss at the 4.5 ceiling, and lowers it for freezes, loss and size', () => {
    const hd = { frameHeight: flat(10, 720), framesPerSecond: flat(10, 30) };
    expect(mean(videoMosSeries(video(hd)))).toBeCloseTo(4.5, 10);
    const frozen = mean(videoMosSeries(video({ ...hd, freezeMsPerSecond: flat(10, 500) })));
    expect(frozen).toBeCloseTo(1 + 3.5 * 0.5, 10);
    const lossy = mean(videoMosSeries(video({ ...hd, lossPercent: flat(10, 15) })));
    expect(lossy).toBeCloseTo(1 + 3.5 * Math.exp(-1), 10);
    const small = mean(videoMosSeries(video({ frameHeight: flat(10, 180), framesPerSecond: flat(10, 30) })));
    expect(small).toBeCloseTo(1 + 3.5 * 0.55, 10);
  });

  it('does not judge the frame rate of screen content: a still screen sends few frames or none', () => {
    for (const fps of [0, 1, 5]) {
      const slides = { frameHeight: flat(10, 720), framesPerSecond: flat(10, fps) };
      expect(mean(videoMosSeries(video(slides, { contentType: 'screenshare' })))).toBeCloseTo(4.5, 10);
      expect(mean(videoMosSeries(video(slides)))).toBeLessThan(3.8);
    }
    // Its size, freezes and loss still count.
    const lossy = { frameHeight: flat(10, 720), framesPerSecond: flat(10, 0), lossPercent: flat(10, 15) };
    expect(mean(videoMosSeries(video(lossy, { contentType: 'screenshare' })))).toBeCloseTo(
      1 + 3.5 * Math.exp(-1),
      10,
    );
  });

  it('does not score idle video, nor the samples without a frame size of a stream that reports one', () => {
    const idle = { frameHeight: flat(10, 720), bitrateKbps: flat(10, 2) };
    expect(videoMosSeries(video(idle))).toEqual([]);
    const gaps = Float64Array.from([720, Number.NaN, 720, Number.NaN, 720, 720, 720, 720, 720, 720]);
    expect(videoMosSeries(video({ frameHeight: gaps }))).toHaveLength(8);
  });
});

describe('video without frame height (Firefox, Safari)', () => {
  it('reads a height from the bitrate: libwebrtc target bitrates, held at the ends', () => {
    expect(heightForBitrate(500)).toBeCloseTo(360, 6);
    expect(heightForBitrate(2500)).toBeCloseTo(720, 6);
    expect(heightForBitrate(50)).toBe(180);
    expect(heightForBitrate(9000)).toBe(720);
    expect(heightForBitrate(800)).toBeGreaterThan(360);
    expect(heightForBitrate(800)).toBeLessThan(540);
  });

  it.each(['jitsi/firefox-standard-stats-sfu', 'jitsi/firefox97-standard-stats-sfu'])(
    '%s: thousands of video packets without frameHeight get a video score',
    async (path) => {
      const { data } = await analyzeDump(fixture(...path.split('/')));
      const video = Object.values(data.streams).filter((s) => s.kind === 'video' && (s.packets ?? 0) > 1000);
      expect(video.length).toBeGreaterThan(0);
      expect(video.every((s) => s.video?.frameHeight === null)).toBe(true);
      expect(data.videoScore).toBeGreaterThan(2);
      expect(data.videoScore).toBeLessThan(4.5);
    },
  );

  it('a stream that reports its height is still scored from it, not from its bitrate', async () => {
    const session = await fixtureSession('jitsi/safari-relay')();
    const received = session.connections
      .flatMap((pc) => pc.streams)
      .find((s) => s.direction === 'inbound' && s.kind === 'video' && (s.totals.packets ?? 0) > 5000);
    const withHeight = videoMosSeries(received!);
    const series = { ...received!.series };
    delete series.frameHeight;
    const withoutHeight = videoMosSeries({ ...received!, series });
    expect(withHeight).toHaveLength(withoutHeight.length);
    expect(withHeight).not.toEqual(withoutHeight);
  });
});
