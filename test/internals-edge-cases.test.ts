/**
 * webrtc-internals dumps that are unusual rather than of another era: legacy goog stats, a page
 * opened late, series cut at 1000 samples, empty and getUserMedia-only dumps, `values` written as
 * arrays or holding objects, minified and gzipped files.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeDump } from '../src/index.js';
import {
  AUDIO_PACKETS_PER_S,
  call,
  LOCAL_ADDRESS,
  REMOTE_ADDRESS,
  SSRC,
  statsTimesOf,
} from './builders/internals-call.js';
import {
  buildInternalsDump,
  type DumpSpec,
  internalsDump,
  type LogEvent,
  SERIES_CAP,
  serialize,
  userAgentDataOf,
  userAgentOf,
} from './builders/internals-dump.js';
import { connection, readSession } from './builders/read-session.js';
import { fixture } from './support/fixtures.js';

describe('legacy goog stats (the "Legacy Non-Standard" selector)', () => {
  const start = Date.UTC(2020, 10, 6, 2, 34, 10, 400);
  const spec = (era: 'M86' | 'M108'): DumpSpec => ({
    era,
    zoneOffsetMinutes: -300,
    connections: [
      call({
        era,
        start,
        seconds: 40,
        legacyStats: true,
        rttMs: 42,
        loss: { inAudio: 0.02, outAudio: 0.01 },
      }),
    ],
  });

  it('is written with goog ids and string values', () => {
    const text = buildInternalsDump(spec('M86')).toString('utf8');
    expect(text).toContain('"Conn-audio-1-0-googRtt"');
    expect(text).toContain('"ssrc_1111_send-packetsSent"');
    expect(text).toContain('"values": "[\\"50\\",\\"100\\",');
    expect(text).toContain('"startTime": "1970-01-01T00:00:00.000Z"');
    expect(text).not.toContain('statsType');
    expect(buildInternalsDump(spec('M108')).toString('utf8')).toContain('"statsType": "googCandidatePair"');
  });

  it.each(['M86', 'M108'] as const)('%s: maps goog reports onto standard types', async (era) => {
    const pc = connection(await readSession(buildInternalsDump(spec(era))), '94-1');
    expect(pc.flags.legacyStats).toBe(true);
    const types = Object.fromEntries([...pc.stats.all()].map((r) => [r.id, r.type]));
    expect(types).toEqual({
      'Conn-audio-1-0': 'candidate-pair',
      'Cand-LcAbCdEf': 'local-candidate',
      'Cand-RmGhIjKl': 'remote-candidate',
      'Channel-audio-1': 'transport',
      ssrc_1111_send: 'outbound-rtp',
      'ssrc_1111_send-remote': 'remote-inbound-rtp',
      ssrc_3333_send: 'outbound-rtp',
      'ssrc_3333_send-remote': 'remote-inbound-rtp',
      ssrc_2222_recv: 'inbound-rtp',
      ssrc_4444_recv: 'inbound-rtp',
      bweforvideo: 'bandwidth-estimate',
    });
  });

  it('converts units: googRtt ms → roundTripTime seconds, candidate types to standard names', async () => {
    const pc = connection(await readSession(buildInternalsDump(spec('M86'))), '94-1');
    const pair = pc.stats.get('Conn-audio-1-0')!;
    expect(pair.last('currentRoundTripTime')).toBeCloseTo(0.042, 9);
    expect(pair.last('state')).toBe('succeeded');
    expect(pair.last('selected')).toBe(true);
    expect(pair.last('localCandidateType')).toBe('host');
    expect(pair.last('remoteCandidateType')).toBe('srflx');
    const remote = pc.stats.get('ssrc_1111_send-remote')!;
    expect(remote.last('roundTripTime')).toBeCloseTo(0.042, 9);
    expect(remote.numbers('packetsLost')![39]).toBe(20);
    const local = pc.stats.get('Cand-LcAbCdEf')!;
    expect(local.last('address')).toBe(LOCAL_ADDRESS);
    expect(local.last('port')).toBe(54321);
    expect(pc.stats.get('Cand-RmGhIjKl')!.last('candidateType')).toBe('srflx');
    const outbound = pc.stats.get('ssrc_1111_send')!;
    expect(outbound.last('kind')).toBe('audio');
    expect(outbound.last('ssrc')).toBe(SSRC.outAudio);
    expect(pc.stats.get('ssrc_4444_recv')!.last('framesPerSecond')).toBe('25');
  });

  it('dates a report whose startTime reads 1970 from its end, one second per sample', async () => {
    const pc = connection(await readSession(buildInternalsDump(spec('M86'))), '94-1');
    const bwe = pc.stats.get('bweforvideo')!;
    const polls = statsTimesOf({ era: 'M86', start, seconds: 40 });
    expect(bwe.size).toBe(40);
    expect(bwe.timestamps[39]).toBe(Math.trunc(polls[39]!));
    expect(bwe.timestamps[0]).toBe(Math.trunc(polls[39]!) - 39_000);
    expect(bwe.numbers('availableOutgoingBitrate')![39]).toBe(1_500_000);
  });

  it('gives analysis standard streams and a candidate pair', async () => {
    const { data } = await analyzeDump(buildInternalsDump(spec('M86')));
    expect(data.connectivity).toBe('DIRECT/UDP');
    expect(data.metadata.flags.legacyStats).toBe(true);
    const pc = data.pConnections['94-1']!;
    expect(pc.flags.legacyStats).toBe(true);
    expect(pc.roundTripTimeMs?.avg).toBe(42);
    expect(pc.selectedPairs[0]?.remote).toMatchObject({ address: REMOTE_ADDRESS, port: 61000 });
    const loss = Object.fromEntries(Object.values(data.streams).map((s) => [s.sid, s.packetLossPercent]));
    expect(loss).toEqual({ ssrc_1111_send: 1, ssrc_3333_send: 0, ssrc_2222_recv: 2, ssrc_4444_recv: 0 });
  });
});

describe('webrtc-internals opened after the call started', () => {
  const start = Date.UTC(2025, 6, 15, 11, 33, 31, 100);
  const bytes = buildInternalsDump({
    era: 'M138',
    zoneOffsetMinutes: 60,
    userAgentData: userAgentDataOf('M138', 'Brave'),
    connections: [call({ era: 'M138', start, seconds: 20, lateOpened: true })],
  });

  it('flags the five-entry snapshot and keeps its single time', async () => {
    const session = await readSession(bytes);
    const pc = connection(session, '94-1');
    expect(pc.flags).toMatchObject({
      updateLogEra: 'dom',
      lateOpenedSnapshot: true,
      eventTimesEstimated: true,
    });
    expect(pc.events.map((e) => [e.type, (e.value as { type?: string })?.type ?? e.value])).toEqual([
      ['setLocalDescription', 'offer'],
      ['setRemoteDescription', 'answer'],
      ['onsignalingstatechange', 'stable'],
      ['oniceconnectionstatechange', 'connected'],
      ['onconnectionstatechange', 'connected'],
    ]);
    expect(new Set(pc.events.map((e) => e.timestamp))).toEqual(new Set([Math.floor(start / 1000) * 1000]));
  });

  it('names Brave from UserAgentData although the UA string says Chrome', async () => {
    const { data } = await analyzeDump(bytes);
    expect(data.userAgentData.userAgent).toContain('Chrome/138.0.0.0');
    expect(data.userAgentData.browser).toBe('Brave');
    expect(data.userAgentData.version).toBe('138.0.7204.100');
    expect(data.pConnections['94-1']!.flags.lateOpenedSnapshot).toBe(true);
    expect(data.pConnections['94-1']!.connected).toBe(true);
  });
});

describe('series cut at 1000 samples', () => {
  // 25 minutes of one-second polls: the page kept only the last 1000 of each series.
  const start = Date.UTC(2020, 10, 6, 2, 34, 10, 400);
  const long = call({ era: 'M86', start, seconds: 1500 });
  const polls = statsTimesOf({ era: 'M86', start, seconds: 1500 });

  it('keeps the last 1000 samples and flags the truncation', async () => {
    const bytes = buildInternalsDump({ era: 'M86', zoneOffsetMinutes: -300, connections: [long] });
    const pc = connection(await readSession(bytes), '94-1');
    expect(pc.flags.statsTruncated).toBe(true);
    const r = pc.stats.get('RTCOutboundRTPAudioStream_1111')!;
    expect(r.size).toBe(SERIES_CAP);
    expect(r.timestamps[0]).toBe(Math.trunc(polls[500]!));
    expect(r.numbers('packetsSent')![0]).toBe(501 * AUDIO_PACKETS_PER_S);
  });

  it('anchors locale times on the close when the first sample is not the start', async () => {
    const bytes = buildInternalsDump({ era: 'M86', zoneOffsetMinutes: -300, connections: [long] });
    const pc = connection(await readSession(bytes), '94-1');
    // The first retained poll is 500 s after the first event: lining those two up would put
    // every event 15 minutes late.
    pc.events.forEach((e, i) => {
      expect(e.timestamp, e.type).toBe(Math.floor(long.log[i]!.at / 1000) * 1000);
    });
  });

  it('reuses the offset of an earlier, complete connection when the cut one never closed', async () => {
    const first = call({ era: 'M138', id: '5-1', start, seconds: 30 });
    const open = call({ era: 'M138', id: '5-2', start: start + 60_000, seconds: 1500, close: false });
    const session = await readSession(
      buildInternalsDump({ era: 'M138', zoneOffsetMinutes: 60, connections: [first, open] }),
    );
    const pc = connection(session, '5-2');
    expect(pc.flags.statsTruncated).toBe(true);
    pc.events.forEach((e, i) => {
      expect(e.timestamp, e.type).toBe(Math.floor(open.log[i]!.at / 1000) * 1000);
    });
    expect(session.warnings).toEqual([]);
  });

  it('warns when nothing anchors the times of a cut connection', async () => {
    const open = call({ era: 'M138', id: '5-2', start, seconds: 1500, close: false });
    const session = await readSession(
      buildInternalsDump({ era: 'M138', zoneOffsetMinutes: 60, connections: [open] }),
    );
    expect(session.warnings).toEqual([expect.stringMatching(/^5-2: event times .* multiple of 15 minutes/)]);
  });

  it('flags a dump whose series all reach exactly 1000 samples', async () => {
    const exact = call({ era: 'M144', start, seconds: SERIES_CAP });
    const pc = connection(
      await readSession(buildInternalsDump({ era: 'M144', connections: [exact] })),
      '94-1',
    );
    expect(pc.flags.statsTruncated).toBe(true);
    const shorter = call({ era: 'M144', start, seconds: SERIES_CAP - 1 });
    const pc2 = connection(
      await readSession(buildInternalsDump({ era: 'M144', connections: [shorter] })),
      '94-1',
    );
    expect(pc2.flags.statsTruncated).toBeUndefined();
  });
});

describe('locale times of connections without stats', () => {
  const start = Date.UTC(2020, 10, 6, 2, 34, 10, 400);
  const probe: LogEvent[] = [
    { at: start - 30_000, kind: 'dataChannel', side: 'local', label: 'probe' },
    { at: start - 25_000, kind: 'close' },
  ];
  const probeOnly = { id: '94-1', configuration: { iceServers: [] }, log: probe, stats: [] };

  it('dates a stat-less connection with the offset of a later one', async () => {
    const main = call({ era: 'M86', id: '94-2', start, seconds: 20 });
    const session = await readSession(
      buildInternalsDump({ era: 'M86', zoneOffsetMinutes: -300, connections: [probeOnly, main] }),
    );
    const pc = connection(session, '94-1');
    pc.events.forEach((e, i) => {
      expect(e.timestamp, e.type).toBe(Math.floor(probe[i]!.at / 1000) * 1000);
    });
    expect(session.warnings).toEqual([]);
  });

  it('says so when no connection has stats to find the zone offset', async () => {
    const session = await readSession(
      buildInternalsDump({ era: 'M86', zoneOffsetMinutes: -300, connections: [probeOnly] }),
    );
    const pc = connection(session, '94-1');
    expect(pc.flags.eventTimesEstimated).toBe(true);
    // The browser's wall clock (New York), read as UTC.
    expect(pc.events[0]!.timestamp).toBe(Math.floor(probe[0]!.at / 1000) * 1000 - 300 * 60_000);
    expect(session.warnings).toEqual([expect.stringMatching(/^94-1: event times .* browser's time zone/)]);
  });
});

describe('empty and getUserMedia-only dumps', () => {
  const ua = userAgentOf('M86');
  const empty = { getUserMedia: [], PeerConnections: {}, UserAgent: ua };

  it.each([
    ['pretty', serialize(empty), false],
    ['minified', serialize(empty, { minified: true }), false],
    ['gzipped', serialize(empty, { gzip: true }), true],
  ] as const)('reads an empty %s dump', async (_name, bytes, gzip) => {
    const session = await readSession(bytes);
    expect(session.format).toEqual({ format: 'webrtc-internals', gzip });
    expect(session.peerConnections).toEqual([]);
    expect(session.clientEvents).toEqual([]);
    expect(session.client.userAgent).toBe(ua);
    const { data } = await analyzeDump(bytes);
    expect(data.pConnectionsNumber).toBe(0);
    expect(data.durationMs).toBe(0);
    expect(data.callStart).toBeNull();
    expect(data.connectivity).toBe('NONE');
    expect(data.metadata.compressed).toBe(gzip);
    expect(data.userAgentData.browser).toBe('Chrome');
  });

  it('reads a getUserMedia-only dump of the old era', async () => {
    const at = Date.UTC(2020, 10, 6, 2, 34, 0);
    const bytes = buildInternalsDump({
      era: 'M86',
      getUserMedia: [
        { kind: 'request', at, rid: 3, pid: 77, requestId: 0, origin: 'https://x.example', audio: '' },
        {
          kind: 'request',
          at: at + 5000,
          rid: 3,
          pid: 77,
          requestId: 0,
          origin: 'https://x.example',
          video: "{facingMode: 'user', frameRate: {max: 30}}",
        },
      ],
    });
    const { data } = await analyzeDump(bytes);
    expect(data.pConnectionsNumber).toBe(0);
    expect(data.metadata.mediaRequests).toEqual([
      expect.objectContaining({ api: 'getUserMedia', at, audio: true, video: null, outcome: 'unknown' }),
      expect.objectContaining({
        api: 'getUserMedia',
        at: at + 5000,
        audio: null,
        video: { facingMode: 'user', frameRate: { max: 30 } },
      }),
    ]);
  });
});

describe('values written as arrays, values holding objects, minified and gzipped files', () => {
  const start = Date.UTC(2026, 0, 20, 16, 45, 0, 0);
  const spec: DumpSpec = { era: 'M144', connections: [call({ era: 'M144', start, seconds: 12 })] };

  it('reads `values` given as a JSON array like the usual JSON text', async () => {
    const asArrays = await readSession(
      buildInternalsDump({
        ...spec,
        arrayValues: (key) => key.startsWith('OT01V') || key.endsWith('-timestamp'),
      }),
    );
    const asText = await readSession(buildInternalsDump(spec));
    const a = connection(asArrays, '94-1').stats.get('OT01V3333')!;
    const t = connection(asText, '94-1').stats.get('OT01V3333')!;
    expect(Array.from(a.timestamps)).toEqual(Array.from(t.timestamps));
    expect(Array.from(a.numbers('bytesSent')!)).toEqual(Array.from(t.numbers('bytesSent')!));
    expect(a.last('qualityLimitationDurations')).toEqual({
      bandwidth: 1.2000000000000002,
      cpu: 0.6000000000000001,
      none: 10.2,
      other: 0,
    });
    expect(asArrays.warnings).toEqual([]);
  });

  it('gives analysis the quality-limitation shares from the duration objects', async () => {
    const { data } = await analyzeDump(buildInternalsDump(spec));
    const video = Object.values(data.streams).find((s) => s.sid === 'OT01V3333')!;
    expect(video.video?.qualityLimitationPercent).toEqual({ bandwidth: 10, cpu: 5, other: 0, none: 85 });
  });

  it('reads the same dump pretty, minified and gzipped alike', async () => {
    const dump = internalsDump(spec);
    const sessions = await Promise.all([
      readSession(serialize(dump)),
      readSession(serialize(dump, { minified: true })),
      readSession(serialize(dump, { gzip: true })),
      readSession(serialize(dump, { minified: true, gzip: true })),
    ]);
    const summary = (s: (typeof sessions)[number]) => {
      const pc = connection(s, '94-1');
      return {
        events: pc.events,
        reports: [...pc.stats.all()].map((r) => [r.id, r.type, r.size, r.last('bytesSent')]),
      };
    };
    const reference = summary(sessions[0]!);
    expect(reference.reports.length).toBeGreaterThan(10);
    for (const s of sessions.slice(1)) expect(summary(s)).toEqual(reference);
    expect(sessions.map((s) => s.format.gzip)).toEqual([false, false, true, true]);
  });
});

describe('dumps past the 16 MiB whole-parse limit', () => {
  // Ten 1000-second M86 connections (some `values` as real arrays, which the pretty printer
  // spreads over many lines): large enough to be streamed, line by line or token by token.
  const start = Date.UTC(2020, 10, 6, 2, 34, 10, 400);
  const connections = Array.from({ length: 10 }, (_, i) =>
    call({ era: 'M86', id: `94-${i + 1}`, start: start + i * 60_000, seconds: 1000, legacyStats: i === 9 }),
  );
  const spec: DumpSpec = {
    era: 'M86',
    zoneOffsetMinutes: -300,
    connections,
    arrayValues: (key) => key.endsWith('-bytesSent'),
  };
  const dump = internalsDump(spec);

  it.each([
    ['pretty-printed', false],
    ['minified', true],
  ] as const)('reads a %s one like a small one', async (_name, minified) => {
    const bytes = serialize(dump, { minified });
    expect(bytes.length).toBeGreaterThan(16 * 1024 * 1024);
    const big = await readSession(bytes);
    expect(big.peerConnections.map((p) => p.id)).toEqual(connections.map((c) => c.id));
    expect(big.warnings).toEqual([]);
    for (const id of ['94-1', '94-10']) {
      const small = connection(
        await readSession(
          buildInternalsDump({ ...spec, connections: connections.filter((c) => c.id === id) }),
        ),
        id,
      );
      const pc = connection(big, id);
      expect(pc.events).toEqual(small.events);
      expect(pc.flags).toEqual(small.flags);
      const reports = (p: typeof pc) =>
        [...p.stats.all()].map((r) => [r.id, r.type, r.size, r.timestamps[0], r.numbers('bytesSent')?.[999]]);
      expect(reports(pc)).toEqual(reports(small));
    }
    expect(connection(big, '94-10').flags.legacyStats).toBe(true);
  });
});

describe('a log that missed the connection-state `connected` event', () => {
  // The clean 30 s call, with its `connected` connection state taken out and a `failed` one added
  // at its end: ICE connected, then the connection failed without having logged `connected`.
  const edited = (): Buffer => {
    const dump = JSON.parse(
      readFileSync(fixture('chromium156', 'clean', 'webrtc_internals_dump.txt'), 'utf8'),
    );
    const pc = Object.values(dump.PeerConnections)[0] as {
      updateLog: { type: string; value: string; time: unknown }[];
    };
    const log = pc.updateLog.filter(
      (e) => !(e.type === 'onconnectionstatechange' && e.value === '"connected"'),
    );
    const last = log.at(-1)!;
    log.push({ ...last, type: 'onconnectionstatechange', value: '"failed"' });
    pc.updateLog = log;
    return Buffer.from(JSON.stringify(dump));
  };

  it('is read as a call that was up and then lost, not as a DTLS failure: its stats show media and DTLS connected', async () => {
    const { data } = await analyzeDump(edited());
    const pc = Object.values(data.pConnections)[0]!;
    expect(pc.iceConnected).toBe(true);
    expect(data.observations.map((o) => o.type)).not.toContain('dtlsFailure');
    expect(data.observations.map((o) => o.type)).toContain('connectionLost');
    expect(data.connectivityScore).toBeGreaterThan(1);
  });
});
