/**
 * chrome://webrtc-internals exports of every era from M83 to M149, rebuilt synthetically (see
 * test/builders), read through readDump into the raw model: event vocabulary, free-text values,
 * locale times, stats ids and types, sample times, client info.
 */
import { describe, expect, it } from 'vitest';
import type { RawPeerConnection, TraceEvent } from '../src/model/index.js';
import {
  AUDIO_PACKETS_PER_S,
  call,
  LOCAL_HOST_CANDIDATE,
  LOCAL_RELAY_CANDIDATE,
  LOCAL_SRFLX_CANDIDATE,
  LOCAL_TRACKS,
  RELAY_ADDRESS,
  STUN_URL,
  statsTimesOf,
  TURN_URL,
} from './builders/internals-call.js';
import { buildInternalsDump, type DumpSpec, type Era, type LogEvent } from './builders/internals-dump.js';
import { connection, eventsOf, readSession, statesOf } from './builders/read-session.js';

/** The log of the synthetic call, in rtcstats vocabulary, whatever the era wrote. */
const CALL_EVENTS = [
  'transceiverAdded',
  'transceiverAdded',
  'onnegotiationneeded',
  'createOffer',
  'createOfferOnSuccess',
  'setLocalDescription',
  'onsignalingstatechange',
  'setLocalDescriptionOnSuccess',
  'transceiverModified',
  'onicegatheringstatechange',
  'onicecandidate',
  'onicecandidate',
  'onicecandidateerror',
  'setRemoteDescription',
  'onsignalingstatechange',
  'setRemoteDescriptionOnSuccess',
  'oniceconnectionstatechange',
  'onconnectionstatechange',
  'addIceCandidate',
  'oniceconnectionstatechange',
  'onconnectionstatechange',
  'onicegatheringstatechange',
  'close',
];
const CLOSED_STATES = ['onsignalingstatechange', 'oniceconnectionstatechange', 'onconnectionstatechange'];

/**
 * Locale times have whole seconds: with the right zone offset each event lands on the second it
 * happened in, exactly. A wrong offset moves every event by 15 minutes or more.
 */
function expectEstimatedTimes(pc: RawPeerConnection, log: readonly LogEvent[]): void {
  expect(pc.events).toHaveLength(log.length);
  pc.events.forEach((e, i) => {
    expect(e.timestamp, `${e.type} #${i}`).toBe(Math.floor(log[i]!.at / 1000) * 1000);
  });
}

function firstValue(pc: RawPeerConnection, type: string): unknown {
  return eventsOf(pc, type)[0]?.value;
}

function expectCallValues(pc: RawPeerConnection): void {
  const offer = firstValue(pc, 'createOfferOnSuccess') as { type: string; sdp: string };
  expect(offer.type).toBe('offer');
  expect(offer.sdp.startsWith('v=0\r\no=- 7362549150012345678 2 IN IP4')).toBe(true);
  expect(offer.sdp).toContain('a=ice-ufrag:Lc4l\r\n');
  expect((firstValue(pc, 'setRemoteDescription') as { type: string }).type).toBe('answer');
  const candidates = eventsOf(pc, 'onicecandidate').map((e) => e.value as Record<string, unknown>);
  expect(candidates[0]).toMatchObject({ sdpMid: '0', sdpMLineIndex: 0, candidate: LOCAL_HOST_CANDIDATE });
  expect(candidates[1]).toMatchObject({ candidate: LOCAL_SRFLX_CANDIDATE });
  expect(firstValue(pc, 'onicecandidateerror')).toEqual({
    url: 'stun:stun.unreachable.example.org:3478',
    address: '192.168.1.x',
    port: 54321,
    hostCandidate: '192.168.1.x:54321',
    errorCode: 701,
    errorText: 'STUN host lookup received error.',
  });
  expect(statesOf(pc, 'onsignalingstatechange')).toEqual(['have-local-offer', 'stable', 'closed']);
  expect(statesOf(pc, 'oniceconnectionstatechange')).toEqual(['checking', 'connected', 'closed']);
  expect(statesOf(pc, 'onconnectionstatechange')).toEqual(['connecting', 'connected', 'closed']);
  expect(statesOf(pc, 'onicegatheringstatechange')).toEqual(['gathering', 'complete']);
}

function typesById(pc: RawPeerConnection): Record<string, string> {
  return Object.fromEntries([...pc.stats.all()].map((r) => [r.id, r.type]));
}

describe('M86: camelCase log, en-US locale times, long stats ids without statsType', () => {
  const start = Date.UTC(2020, 10, 6, 2, 34, 10, 400); // 9:34:10 PM in New York (UTC-5)
  const main = call({ era: 'M86', start, seconds: 40, loss: { inAudio: 0.02 } });
  // A second connection with a log and no stats: a data channel, then pc.close().
  const side: LogEvent[] = [
    { at: start + 61_000, kind: 'dataChannel', side: 'local', label: 'chat, v2' },
    { at: start + 75_000, kind: 'close' },
  ];
  const spec: DumpSpec = {
    era: 'M86',
    zoneOffsetMinutes: -300,
    getUserMedia: [
      {
        kind: 'request',
        at: start - 2500.25,
        rid: 94,
        pid: 28140,
        requestId: 0,
        origin: 'https://meet.example.org',
        audio: '',
        video: '{deviceId: {ideal: ["d5f0c2e1"]}, width: {ideal: 1280}}',
      },
    ],
    connections: [main, { id: '94-2', configuration: { iceServers: [] }, log: side, stats: [] }],
  };
  const bytes = buildInternalsDump(spec);
  const text = bytes.toString('utf8');

  it('is written the way M86 wrote it', () => {
    expect(text.startsWith('{\n "getUserMedia": [\n  {\n   "rid": 94,')).toBe(true);
    expect(text).toContain('"time": "11/5/2020, 9:34:10 PM"');
    expect(text).toContain('"type": "signalingStateChange",\n     "value": "SignalingStateHaveLocalOffer"');
    expect(text).toContain('"RTCInboundRTPAudioStream_2222-[packetsReceived/s]"');
    expect(text).not.toContain('statsType');
    expect(text).not.toContain('-timestamp"');
    expect(text).not.toContain('UserAgentData');
    expect(text).not.toContain('"pid": 4242');
  });

  it('normalizes event names and enum states to the rtcstats vocabulary', async () => {
    const pc = connection(await readSession(bytes), '94-1');
    expect(pc.events.map((e) => e.type)).toEqual([...CALL_EVENTS, ...CLOSED_STATES]);
    expectCallValues(pc);
  });

  it('parses the free-text values of the old log', async () => {
    const pc = connection(await readSession(bytes), '94-1');
    expect(firstValue(pc, 'createOffer')).toEqual({
      offerToReceiveVideo: -1,
      offerToReceiveAudio: -1,
      voiceActivityDetection: true,
      iceRestart: false,
    });
    // The JavaScript-like transceiver text, in the shape of the M142+ JSON (no kind before ~M105).
    expect(eventsOf(pc, 'transceiverAdded').map((e) => e.value)).toEqual([
      {
        reason: 'addTrack',
        transceiverIndex: 0,
        mid: null,
        direction: 'sendrecv',
        currentDirection: null,
        sender: { track: LOCAL_TRACKS.audio, streams: ['stream0'] },
        receiver: { track: 'remote-0', streams: [] },
      },
      expect.objectContaining({
        transceiverIndex: 1,
        sender: { track: LOCAL_TRACKS.video, streams: ['stream0'] },
      }),
    ]);
    expect(eventsOf(pc, 'transceiverModified')[0]!.value).toMatchObject({
      reason: 'setLocalDescription',
      mid: '0',
    });
    expect(firstValue(pc, 'setLocalDescriptionOnSuccess')).toBeNull();
  });

  it('turns en-US locale times into epoch ms anchored on the stats', async () => {
    const pc = connection(await readSession(bytes), '94-1');
    expect(pc.flags).toMatchObject({ updateLogEra: 'legacy', eventTimesEstimated: true });
    expectEstimatedTimes(pc, main.log);
    // The zone offset came out as New York's: the first event sits 1.2 s before the first poll.
    const firstPoll = statsTimesOf({ era: 'M86', start, seconds: 40 })[0]!;
    expect(firstPoll - pc.events[0]!.timestamp!).toBeGreaterThan(1000);
    expect(firstPoll - pc.events[0]!.timestamp!).toBeLessThan(2000);
  });

  it('reuses the zone offset for a connection without stats, and reads old data channel and close names', async () => {
    const pc = connection(await readSession(bytes), '94-2');
    expect(pc.flags.updateLogEra).toBe('legacy');
    expect(pc.events.map((e) => e.type)).toEqual(['createDataChannel', 'close']);
    expect(pc.events[0]!.value).toEqual({ label: 'chat, v2', reliable: true });
    expectEstimatedTimes(pc, side);
    expect(pc.stats.size).toBe(0);
  });

  it('infers stats types from long ids and ignores computed series', async () => {
    const pc = connection(await readSession(bytes), '94-1');
    expect(typesById(pc)).toEqual({
      RTCOutboundRTPAudioStream_1111: 'outbound-rtp',
      RTCOutboundRTPVideoStream_3333: 'outbound-rtp',
      RTCRemoteInboundRtpAudioStream_1111: 'remote-inbound-rtp',
      RTCRemoteInboundRtpVideoStream_3333: 'remote-inbound-rtp',
      RTCInboundRTPAudioStream_2222: 'inbound-rtp',
      RTCInboundRTPVideoStream_4444: 'inbound-rtp',
      RTCIceCandidatePair_Xy1LocAb_Zz9RemCd: 'candidate-pair',
      RTCIceCandidate_Xy1LocAb: 'local-candidate',
      RTCIceCandidate_Zz9RemCd: 'remote-candidate',
      RTCTransport_0_1: 'transport',
      RTCCodec_0_Outbound_111: 'codec',
      RTCCodec_0_Inbound_111: 'codec',
      RTCCodec_1_Outbound_96: 'codec',
      RTCCodec_1_Inbound_96: 'codec',
      RTCPeerConnection: 'peer-connection',
      RTCAudioSource_1: 'media-source',
      RTCVideoSource_2: 'media-source',
      RTCMediaStreamTrack_sender_1: 'track',
      RTCMediaStreamTrack_sender_2: 'track',
      RTCMediaStreamTrack_receiver_3: 'track',
      RTCMediaStreamTrack_receiver_4: 'track',
    });
    const inbound = pc.stats.get('RTCInboundRTPAudioStream_2222')!;
    expect([...inbound.attributes()]).not.toContain('[packetsReceived/s]');
    expect(pc.stats.get('RTCTransport_0_1')!.last('selectedCandidatePairId')).toBe(
      'RTCIceCandidatePair_Xy1LocAb_Zz9RemCd',
    );
  });

  it('synthesizes one-second sample times from startTime and endTime', async () => {
    const pc = connection(await readSession(bytes), '94-1');
    const polls = statsTimesOf({ era: 'M86', start, seconds: 40 });
    for (const r of pc.stats.all()) {
      expect(r.size, r.id).toBe(40);
      expect(r.timestamps[0]).toBe(Math.trunc(polls[0]!));
      for (let i = 1; i < r.size; i++) expect(r.timestamps[i]! - r.timestamps[i - 1]!).toBe(1000);
    }
  });

  it('reads counters recorded as strings as numbers', async () => {
    const pc = connection(await readSession(bytes), '94-1');
    const inbound = pc.stats.get('RTCInboundRTPAudioStream_2222')!;
    expect(inbound.values('packetsReceived')![39]).toBe('1960');
    expect(inbound.numbers('packetsReceived')![39]).toBe(40 * AUDIO_PACKETS_PER_S - 40);
    expect(inbound.numbers('packetsLost')![39]).toBe(40);
  });

  it('parses the old rtcConfiguration display form and drops the empty constraints', async () => {
    const pc = connection(await readSession(bytes), '94-1');
    expect(pc.configuration).toEqual({
      iceServers: [{ urls: [STUN_URL] }, { urls: [TURN_URL] }],
      iceTransportPolicy: 'all',
      bundlePolicy: 'balanced',
      rtcpMuxPolicy: 'require',
      iceCandidatePoolSize: 0,
      sdpSemantics: 'unified-plan',
    });
    expect(pc.constraints).toBeUndefined();
    expect(pc.url).toBe('https://meet.example.org/room/42');
  });

  it('reads getUserMedia requests with JS-literal constraints', async () => {
    const session = await readSession(bytes);
    expect(session.format).toEqual({ format: 'webrtc-internals', gzip: false });
    expect(session.client.userAgent).toContain('Chrome/86.0.4240.183');
    expect(session.client.userAgentData).toBeUndefined();
    expect(session.clientEvents).toEqual([
      {
        type: 'navigator.mediaDevices.getUserMedia',
        timestamp: start - 2500.25,
        value: { audio: true, video: { deviceId: { ideal: ['d5f0c2e1'] }, width: { ideal: 1280 } } },
        extra: ['getUserMedia-94-28140-0'],
      },
    ]);
  });
});

describe('M83: every number as text, ICE states as enums, a half-hour time zone', () => {
  const start = Date.UTC(2020, 5, 15, 9, 5, 42, 700); // 2:35:42 PM in India (UTC+5:30)
  const main = call({ era: 'M83', start, seconds: 30 });
  const bytes = buildInternalsDump({
    era: 'M83',
    zoneOffsetMinutes: 330,
    enumIceStates: true,
    connections: [main],
  });

  it('maps ICEConnectionState*/ICEGatheringState* enums to plain states', async () => {
    const text = bytes.toString('utf8');
    expect(text).toContain('"value": "ICEConnectionStateConnected"');
    expect(text).toContain('"time": "6/15/2020, 2:35:42 PM"');
    const pc = connection(await readSession(bytes), '94-1');
    expect(pc.events.map((e) => e.type)).toEqual([...CALL_EVENTS, ...CLOSED_STATES]);
    expectCallValues(pc);
  });

  it('finds the +05:30 offset from the first stats poll', async () => {
    const pc = connection(await readSession(bytes), '94-1');
    expectEstimatedTimes(pc, main.log);
  });

  it('reads doubles recorded as text', async () => {
    const pc = connection(await readSession(bytes), '94-1');
    const pair = pc.stats.get('RTCIceCandidatePair_Xy1LocAb_Zz9RemCd')!;
    expect(pair.values('currentRoundTripTime')![0]).toBe('0.03');
    expect(pair.numbers('currentRoundTripTime')![0]).toBe(0.03);
    // `ip` only (no `address` yet): normalized so analysis finds the address.
    expect(pc.stats.get('RTCIceCandidate_Xy1LocAb')!.last('address')).toBe('192.168.1.20');
  });
});

describe('locale times of other languages', () => {
  it('reads Korean times across noon (오전/오후 before the time, `2020. 11. 5.` dates)', async () => {
    // 12:59:40 in Seoul (UTC+9): the close comes after 13:00, written "오후 1:01:…".
    const start = Date.UTC(2020, 10, 5, 3, 59, 40, 0);
    const main = call({ era: 'M86', start, seconds: 80 });
    const bytes = buildInternalsDump({
      era: 'M86',
      locale: 'ko-KR',
      zoneOffsetMinutes: 540,
      connections: [main],
    });
    const text = bytes.toString('utf8');
    expect(text).toContain('"time": "2020. 11. 5. 오후 12:59:40"');
    expect(text).toContain('"time": "2020. 11. 5. 오후 1:01:00"');
    expectEstimatedTimes(connection(await readSession(bytes), '94-1'), main.log);
  });

  it('reads Arabic-Indic digits and ص/م', async () => {
    const start = Date.UTC(2020, 10, 5, 19, 34, 10, 0); // 21:34:10 in Cairo (UTC+2)
    const main = call({ era: 'M86', start, seconds: 20 });
    const bytes = buildInternalsDump({
      era: 'M86',
      locale: 'ar-EG',
      zoneOffsetMinutes: 120,
      connections: [main],
    });
    expect(bytes.toString('utf8')).toContain('"time": "٥\u200f/١١\u200f/٢٠٢٠، ٩:٣٤:١٠ م"');
    expectEstimatedTimes(connection(await readSession(bytes), '94-1'), main.log);
  });
});

describe('M108: DOM event names, en-GB times, statsType and short ids, no timestamp series', () => {
  const start = Date.UTC(2022, 11, 15, 9, 20, 30, 250); // 10:20:30 in Paris (UTC+1)
  const main = call({ era: 'M108', id: '12-1', start, seconds: 45, relay: true });
  const side: LogEvent[] = [
    { at: start + 5_000, kind: 'dataChannel', side: 'local', label: 'chat' },
    { at: start + 9_000, kind: 'close' },
  ];
  const bytes = buildInternalsDump({
    era: 'M108',
    zoneOffsetMinutes: 60,
    connections: [main, { id: '12-2', configuration: { iceServers: [] }, log: side, stats: [] }],
  });

  it('is written the way M108 wrote it', () => {
    const text = bytes.toString('utf8');
    expect(text).toContain('"time": "15/12/2022, 10:20:30"');
    expect(text).toContain('"type": "iceconnectionstatechange",\n     "value": "connected"');
    expect(text).toContain('"statsType": "inbound-rtp"');
    expect(text).not.toContain('-timestamp"');
    expect(text).toContain('"pid": 4242');
  });

  it('normalizes DOM names with bare states', async () => {
    const pc = connection(await readSession(bytes), '12-1');
    expect(pc.events.map((e) => e.type)).toEqual([
      ...CALL_EVENTS.slice(0, 12),
      'onicecandidate',
      ...CALL_EVENTS.slice(12),
      ...CLOSED_STATES,
    ]);
    expect(pc.flags).toMatchObject({ updateLogEra: 'dom', eventTimesEstimated: true });
    expectCallValues(pc);
    expect(eventsOf(pc, 'onicecandidate')[2]!.value).toEqual({
      sdpMid: '0',
      sdpMLineIndex: 0,
      candidate: LOCAL_RELAY_CANDIDATE,
    });
  });

  it('reads en-GB day-first times', async () => {
    const pc = connection(await readSession(bytes), '12-1');
    expectEstimatedTimes(pc, main.log);
  });

  it('takes types from statsType and spaces samples one second apart', async () => {
    const pc = connection(await readSession(bytes), '12-1');
    expect(typesById(pc)).toMatchObject({
      IT01A2222: 'inbound-rtp',
      OT01V3333: 'outbound-rtp',
      RIA1111: 'remote-inbound-rtp',
      CPXy1LocAb_Zz9RemCd: 'candidate-pair',
      IXy1LocAb: 'local-candidate',
      IZz9RemCd: 'remote-candidate',
      T01: 'transport',
      'COT01_111_minptime=10;useinbandfec=1': 'codec',
      P: 'peer-connection',
    });
    const r = pc.stats.get('IT01A2222')!;
    expect(r.size).toBe(45);
    expect(r.timestamps[44]! - r.timestamps[0]!).toBe(44_000);
    expect(pc.stats.get('IXy1LocAb')!.last('address')).toBe(RELAY_ADDRESS);
  });

  it('tells the era of a log with no state change, and reads its data channel text', async () => {
    const pc = connection(await readSession(bytes), '12-2');
    expect(pc.flags.updateLogEra).toBe('dom');
    expect(pc.events.map((e) => [e.type, e.value])).toEqual([
      ['createDataChannel', { label: 'chat', ordered: true, negotiated: false }],
      ['close', null],
    ]);
    expectEstimatedTimes(pc, side);
  });

  it('reads the DOM-era transceiver text, kind included', async () => {
    const pc = connection(await readSession(bytes), '12-1');
    expect(eventsOf(pc, 'transceiverAdded')[1]!.value).toEqual({
      reason: 'addTrack',
      transceiverIndex: 1,
      mid: null,
      kind: 'video',
      direction: 'sendrecv',
      currentDirection: null,
      sender: { track: LOCAL_TRACKS.video, streams: ['stream0'] },
      receiver: { track: 'remote-1', streams: [] },
    });
  });

  it('keeps the display-form configuration with its later fields', async () => {
    const pc = connection(await readSession(bytes), '12-1');
    expect(pc.configuration).toMatchObject({ bundlePolicy: 'balanced', extmapAllowMixed: true });
  });
});

describe('M117: timestamp series, de-DE times with an ambiguous date', () => {
  const start = Date.UTC(2023, 9, 5, 12, 0, 5, 900); // 14:00:05 in Berlin (UTC+2), 5 October
  const main = call({ era: 'M117', start, seconds: 20 });
  const bytes = buildInternalsDump({
    era: 'M117',
    locale: 'de-DE',
    zoneOffsetMinutes: 120,
    connections: [main],
  });

  it('reads 5.10.2023 as 5 October (the reading that fits the stats)', async () => {
    expect(bytes.toString('utf8')).toContain('"time": "5.10.2023, 14:00:05"');
    const pc = connection(await readSession(bytes), '94-1');
    expectEstimatedTimes(pc, main.log);
  });

  it('takes sample times from the <id>-timestamp series, to the sub-millisecond', async () => {
    const pc = connection(await readSession(bytes), '94-1');
    const polls = statsTimesOf({ era: 'M117', start, seconds: 20 });
    const r = pc.stats.get('OT01A1111')!;
    expect(Array.from(r.timestamps)).toEqual(polls);
    expect(r.has('timestamp')).toBe(false);
    expect(polls[3]! % 1).toBeGreaterThan(0);
  });
});

describe('M138: UserAgentData array, text getUserMedia results, candidate texts with URL', () => {
  const start = Date.UTC(2025, 6, 15, 11, 33, 31, 100); // 12:33:31 in London (UTC+1)
  const main = call({ era: 'M138', start, seconds: 30, relay: true });
  const bytes = buildInternalsDump({
    era: 'M138',
    zoneOffsetMinutes: 60,
    getUserMedia: [
      {
        kind: 'request',
        at: start - 900.5,
        rid: 94,
        pid: 5120,
        requestId: 3,
        origin: 'https://meet.example.org',
        audio: '',
        video: '{width: {ideal: 1280}}',
      },
      {
        kind: 'success',
        at: start - 700.25,
        rid: 94,
        pid: 5120,
        requestId: 3,
        streamId: 'stream0',
        audio: { id: 'a0c0ffee-0001', label: 'Default - Microphone (Realtek(R) Audio)' },
      },
    ],
    connections: [main],
  });

  it('is written the way M138 wrote it', () => {
    const text = bytes.toString('utf8');
    expect(text).toContain(
      '"audio_track_info": "id:a0c0ffee-0001 label:Default - Microphone (Realtek(R) Audio)"',
    );
    expect(text).toContain('"video_track_info": ""');
    expect(text).toContain(`, url: ${TURN_URL}, relayProtocol: udp"`);
    expect(text).toContain('"UserAgentData": [');
    expect(text).not.toContain('"constraints"');
  });

  it('splits the URL and relay protocol off the candidate text', async () => {
    const pc = connection(await readSession(bytes), '94-1');
    const [, srflx, relay] = eventsOf(pc, 'onicecandidate').map((e) => e.value);
    expect(srflx).toEqual({ sdpMid: '0', sdpMLineIndex: 0, candidate: LOCAL_SRFLX_CANDIDATE, url: STUN_URL });
    expect(relay).toEqual({
      sdpMid: '0',
      sdpMLineIndex: 0,
      candidate: LOCAL_RELAY_CANDIDATE,
      url: TURN_URL,
      relayProtocol: 'udp',
    });
  });

  it('reads getUserMedia results written as "id:… label:…"', async () => {
    const session = await readSession(bytes);
    expect(session.clientEvents.map((e) => e.type)).toEqual([
      'navigator.mediaDevices.getUserMedia',
      'navigator.mediaDevices.getUserMediaOnSuccess',
    ]);
    expect(session.clientEvents[1]!.value).toEqual({
      streamId: 'stream0',
      tracks: [{ kind: 'audio', id: 'a0c0ffee-0001', label: 'Default - Microphone (Realtek(R) Audio)' }],
    });
    expect(session.clientEvents[1]!.extra?.[0]).toBe(session.clientEvents[0]!.extra?.[0]);
  });

  it('keeps qualityLimitationDurations objects per sample', async () => {
    const pc = connection(await readSession(bytes), '94-1');
    expect(pc.stats.get('OT01V3333')!.last('qualityLimitationDurations')).toEqual({
      bandwidth: 3,
      cpu: 1.5,
      none: 25.5,
      other: 0,
    });
  });

  it('records the UserAgentData brand array', async () => {
    const session = await readSession(bytes);
    expect(session.client.userAgentData).toEqual([
      { brand: 'Not)A;Brand', version: '8.0.0.0' },
      { brand: 'Chromium', version: '138.0.7204.100' },
      { brand: 'Google Chrome', version: '138.0.7204.100' },
    ]);
    expectEstimatedTimes(connection(session, '94-1'), main.log);
  });
});

describe('M144: rtcstats names, JSON values, epoch timestamps', () => {
  const start = Date.UTC(2026, 0, 20, 16, 45, 0, 123) + 0.25;
  const main = call({ era: 'M144', start, seconds: 25 });
  const bytes = buildInternalsDump({
    era: 'M144',
    getUserMedia: [
      {
        kind: 'request',
        at: start - 3000,
        rid: 7,
        pid: 1234,
        requestId: 0,
        origin: 'https://meet.example.org',
        url: 'https://meet.example.org/room/42',
        audio: '',
        video: '{"width":{"ideal":1280}}',
      },
      {
        kind: 'success',
        at: start - 2600,
        rid: 7,
        pid: 1234,
        requestId: 0,
        streamId: 's1',
        audio: { id: 'a1', label: 'Default' },
        video: { id: 'v1', label: 'FaceTime HD Camera' },
      },
      {
        kind: 'request',
        at: start + 10_000,
        rid: 7,
        pid: 1234,
        requestId: 1,
        api: 'getDisplayMedia',
        origin: 'https://meet.example.org',
        video: '',
      },
      {
        kind: 'failure',
        at: start + 12_500,
        rid: 7,
        pid: 1234,
        requestId: 1,
        api: 'getDisplayMedia',
        error: 'NotAllowedError',
        message: 'Permission denied by user',
      },
    ],
    connections: [main],
  });

  it('keeps the recorded timestamps and decodes JSON values', async () => {
    const text = bytes.toString('utf8');
    expect(text).toContain(
      '"type": "oniceconnectionstatechange",\n     "value": "\\"connected\\"",\n     "timestamp"',
    );
    const pc = connection(await readSession(bytes), '94-1');
    expect(pc.flags).toEqual({ updateLogEra: 'rtcstats' });
    expect(pc.events.map((e) => e.type)).toEqual(CALL_EVENTS);
    expect(pc.events.map((e) => e.timestamp)).toEqual(main.log.map((e) => e.at));
    expect(firstValue(pc, 'createOffer')).toEqual({ voiceActivityDetection: true });
    expect(firstValue(pc, 'transceiverAdded')).toMatchObject({
      kind: 'audio',
      reason: 'addTrack',
      mid: null,
    });
    expect(statesOf(pc, 'onsignalingstatechange')).toEqual(['have-local-offer', 'stable']);
    expect(statesOf(pc, 'oniceconnectionstatechange')).toEqual(['checking', 'connected']);
    expect(firstValue(pc, 'onicecandidateerror')).toMatchObject({ errorCode: 701, port: 54321 });
  });

  it('parses the JSON rtcConfiguration', async () => {
    const pc = connection(await readSession(bytes), '94-1');
    expect(pc.configuration).toEqual({ iceServers: [{ urls: [STUN_URL] }, { urls: [TURN_URL] }] });
  });

  it('pairs getUserMedia and getDisplayMedia requests with their JSON results', async () => {
    const session = await readSession(bytes);
    const byType = (type: string): TraceEvent => session.clientEvents.find((e) => e.type === type)!;
    expect(byType('navigator.mediaDevices.getUserMedia').value).toEqual({
      audio: true,
      video: { width: { ideal: 1280 } },
    });
    expect(byType('navigator.mediaDevices.getUserMediaOnSuccess').value).toEqual({
      streamId: 's1',
      tracks: [
        { kind: 'audio', id: 'a1', label: 'Default' },
        { kind: 'video', id: 'v1', label: 'FaceTime HD Camera' },
      ],
    });
    expect(byType('navigator.mediaDevices.getDisplayMediaOnFailure')).toMatchObject({
      timestamp: start + 12_500,
      value: { name: 'NotAllowedError', message: 'Permission denied by user' },
      extra: ['getDisplayMedia-7-1234-1'],
    });
  });

  it('records the UserAgentData object', async () => {
    const session = await readSession(bytes);
    expect(session.client.userAgentData).toMatchObject({
      brands: [{ brand: 'Not)A;Brand', version: '8' }, { brand: 'Chromium', version: '144' }, {}],
      mobile: false,
      platform: 'Windows',
    });
  });
});

describe('M149: device information at the top of the dump', () => {
  it('reads deviceMemory, hardwareConcurrency, cpuPerformance and the dump time', async () => {
    const start = Date.UTC(2026, 5, 2, 8, 0, 0, 0);
    const session = await readSession(
      buildInternalsDump({
        era: 'M149',
        dumpTime: start + 60_000,
        connections: [call({ era: 'M149', start, seconds: 5 })],
      }),
    );
    expect(session.client).toMatchObject({
      deviceMemory: 8,
      hardwareConcurrency: 12,
      cpuPerformance: 3,
      dumpTime: start + 60_000,
    });
  });
});

describe('every era', () => {
  const eras: Era[] = ['M83', 'M86', 'M108', 'M117', 'M138', 'M144', 'M149'];
  it.each(eras)('%s: one connection, 17 standard reports or more, the call events in order', async (era) => {
    const start = Date.UTC(2024, 2, 1, 10, 0, 0, 0);
    const session = await readSession(
      buildInternalsDump({ era, connections: [call({ era, start, seconds: 10 })] }),
    );
    const pc = connection(session, '94-1');
    expect(pc.events.slice(0, CALL_EVENTS.length).map((e) => e.type)).toEqual(CALL_EVENTS);
    expect(pc.stats.ofType('inbound-rtp')).toHaveLength(2);
    expect(pc.stats.ofType('outbound-rtp')).toHaveLength(2);
    expect(pc.stats.ofType('candidate-pair')).toHaveLength(1);
    expect(session.warnings).toEqual([]);
  });
});
