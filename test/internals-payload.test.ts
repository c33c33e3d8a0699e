/**
 * The same synthetic call recorded by webrtc-internals of four eras, through analyzeDump: the
 * session payload must tell the same story (connected, how, which streams, how much loss) from
 * each, whatever vocabulary and stats layout the era used.
 */
import { describe, expect, it } from 'vitest';
import { analyzeDump } from '../src/index.js';
import { AUDIO_PACKETS_PER_S, call, statsTimesOf, VIDEO_PACKETS_PER_S } from './builders/internals-call.js';
import { buildInternalsDump, type Era } from './builders/internals-dump.js';

interface Case {
  era: Era;
  start: number;
  zone: number;
  relay: boolean;
  connectivity: string;
  browser: string;
  version: string;
  ids: { outAudio: string; outVideo: string; inAudio: string; inVideo: string };
}

const LONG_IDS = {
  outAudio: 'RTCOutboundRTPAudioStream_1111',
  outVideo: 'RTCOutboundRTPVideoStream_3333',
  inAudio: 'RTCInboundRTPAudioStream_2222',
  inVideo: 'RTCInboundRTPVideoStream_4444',
};
const SHORT_IDS = {
  outAudio: 'OT01A1111',
  outVideo: 'OT01V3333',
  inAudio: 'IT01A2222',
  inVideo: 'IT01V4444',
};

const CASES: Case[] = [
  {
    era: 'M86',
    start: Date.UTC(2020, 10, 6, 2, 34, 10, 400),
    zone: -300,
    relay: false,
    connectivity: 'DIRECT/UDP',
    browser: 'Chrome',
    version: '86.0.4240.183',
    ids: LONG_IDS,
  },
  {
    era: 'M108',
    start: Date.UTC(2022, 11, 15, 9, 20, 30, 250),
    zone: 60,
    relay: true,
    connectivity: 'RELAY/UDP',
    browser: 'Chrome',
    // No UserAgentData yet, and the UA string's version is frozen.
    version: '108.0.0.0',
    ids: SHORT_IDS,
  },
  {
    era: 'M138',
    start: Date.UTC(2025, 6, 15, 11, 33, 31, 100),
    zone: 60,
    relay: false,
    connectivity: 'DIRECT/UDP',
    browser: 'Chrome',
    version: '138.0.7204.100',
    ids: SHORT_IDS,
  },
  {
    era: 'M144',
    start: Date.UTC(2026, 0, 20, 16, 45, 0, 123),
    zone: 0,
    relay: true,
    connectivity: 'RELAY/UDP',
    browser: 'Chrome',
    version: '144.0.7559.109',
    ids: SHORT_IDS,
  },
];

const SECONDS = 40;
const LOSS = { inAudio: 0.02, inVideo: 0.05, outAudio: 0.01 };

describe.each(CASES)('analyzeDump of a $era webrtc-internals dump', (c) => {
  const bytes = buildInternalsDump({
    era: c.era,
    zoneOffsetMinutes: c.zone,
    connections: [call({ era: c.era, start: c.start, seconds: SECONDS, loss: LOSS, relay: c.relay })],
  });
  const analyzed = analyzeDump(bytes);
  const estimated = c.era !== 'M144';
  // Old eras log whole seconds: the call starts on the second of its first event.
  const firstEvent = estimated ? Math.floor(c.start / 1000) * 1000 : c.start;
  const lastPoll = statsTimesOf({ era: c.era, start: c.start, seconds: SECONDS })[SECONDS - 1]!;
  // Before M117 sample times are rebuilt from ISO start/end times, whole milliseconds.
  const lastSample = c.era === 'M86' || c.era === 'M108' ? Math.trunc(lastPoll) : lastPoll;
  // pc.close() is logged 0.4 s after the last poll; old eras log it to the second.
  const closeAt = estimated ? Math.floor((lastPoll + 400) / 1000) * 1000 : lastPoll + 400;

  it('finds a connected, closed call and how it connected', async () => {
    const { data } = await analyzed;
    expect(data.metadata.format).toBe('webrtc-internals');
    expect(data.pConnectionsNumber).toBe(1);
    const pc = data.pConnections['94-1']!;
    expect(pc.connected).toBe(true);
    expect(pc.iceConnected).toBe(true);
    expect(pc.failed).toBe(false);
    expect(pc.closed).toBe(true);
    expect(pc.finalState.iceConnection).toBe(estimated ? 'closed' : 'connected');
    expect(data.connectivity).toBe(c.connectivity);
    expect(pc.negotiationsCount).toBe(1);
    expect(pc.negotiations[0]!.initiator).toBe('local');
    expect(pc.roundTripTimeMs?.avg).toBe(30);
    expect(pc.iceCandidateErrors).toEqual([
      expect.objectContaining({ errorCode: 701, port: 54321, url: 'stun:stun.unreachable.example.org:3478' }),
    ]);
    expect(pc.candidates.local).toMatchObject({ host: 1, srflx: 1, relay: c.relay ? 1 : 0 });
  });

  it('records the era and how trustworthy the times are', async () => {
    const { data } = await analyzed;
    const pc = data.pConnections['94-1']!;
    expect(pc.updateLogEra).toBe(
      { M86: 'legacy', M108: 'dom', M138: 'dom', M144: 'rtcstats' }[c.era as string],
    );
    expect(pc.flags).toEqual({
      statsTruncated: false,
      lateOpenedSnapshot: false,
      legacyStats: false,
      eventTimesEstimated: estimated,
    });
    expect(data.callStart).toBe(new Date(Math.round(firstEvent)).toISOString());
    expect(data.durationMs).toBe(Math.round(Math.max(closeAt, lastSample) - firstEvent));
  });

  it('counts the four RTP streams with their codecs', async () => {
    const { data } = await analyzed;
    const streams = Object.values(data.streams);
    expect(streams.map((s) => [s.sid, s.kind, s.direction, s.codec?.mimeType])).toEqual([
      [c.ids.outAudio, 'audio', 'outbound', 'audio/opus'],
      [c.ids.outVideo, 'video', 'outbound', 'video/VP8'],
      [c.ids.inAudio, 'audio', 'inbound', 'audio/opus'],
      [c.ids.inVideo, 'video', 'inbound', 'video/VP8'],
    ]);
    expect(Object.keys(data.streams)).toContain(`94-1-${c.ids.inAudio}`);
    // Linked through track reports (M86), media-source reports or the stream's own attribute.
    expect(streams.map((s) => s.trackId)).toEqual(['a0c0ffee-0001', 'v0c0ffee-0002', 'remote-0', 'remote-1']);
  });

  it('computes packet loss from the counters', async () => {
    const { data } = await analyzed;
    const bySid = Object.fromEntries(Object.values(data.streams).map((s) => [s.sid, s]));
    expect(bySid[c.ids.inAudio]).toMatchObject({
      packets: SECONDS * AUDIO_PACKETS_PER_S * 0.98,
      packetsLost: SECONDS * AUDIO_PACKETS_PER_S * 0.02,
      packetLossPercent: 2,
    });
    expect(bySid[c.ids.inVideo]).toMatchObject({
      packets: SECONDS * VIDEO_PACKETS_PER_S * 0.95,
      packetsLost: SECONDS * VIDEO_PACKETS_PER_S * 0.05,
      packetLossPercent: 5,
    });
    expect(bySid[c.ids.outAudio]).toMatchObject({
      packets: SECONDS * AUDIO_PACKETS_PER_S,
      packetsLost: 20,
      packetLossPercent: 1,
    });
    expect(bySid[c.ids.outVideo]).toMatchObject({ packetsLost: 0, packetLossPercent: 0 });
  });

  it('finds the local tracks from transceiver events, with their kind from the streams', async () => {
    const { data } = await analyzed;
    const pc = data.pConnections['94-1']!;
    expect(pc.tracks.local).toEqual([
      { kind: 'audio', trackId: 'a0c0ffee-0001' },
      { kind: 'video', trackId: 'v0c0ffee-0002' },
    ]);
  });

  it('gives setup timings only when the log times them to the millisecond', async () => {
    const { data } = await analyzed;
    const { timings } = data.pConnections['94-1']!;
    if (estimated)
      expect(timings).toEqual({
        setupMs: null,
        iceConnectionMs: null,
        connectionMs: null,
        gatheringMs: null,
      });
    else expect(timings.iceConnectionMs).toBeGreaterThanOrEqual(0);
  });

  it('names the browser', async () => {
    const { data } = await analyzed;
    expect(data.userAgentData).toMatchObject({
      browser: c.browser,
      version: c.version,
      majorVersion: c.version.split('.')[0],
      engine: 'Blink',
    });
  });
});
