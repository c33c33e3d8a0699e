/**
 * One two-party call (caller side, audio + video, one candidate pair) as a webrtc-internals
 * connection of any era: the same call, recorded with each era's log vocabulary, stats ids and
 * stats attributes. Counters follow simple rates so tests can assert exact totals:
 * audio 50 packets/s, video 100 packets/s, losses spread evenly over the call.
 */
import {
  asStrings,
  type ConnectionSpec,
  constant,
  counter,
  ERAS,
  type Era,
  type LogEvent,
  type StatsReportSpec,
  sampleTimes,
} from './internals-dump.js';
import { sdp } from './sdp.js';

export interface CallOptions {
  era: Era;
  /** `"<rid>-<lid>"`. */
  id?: string;
  /** Time of the first logged event, epoch ms. */
  start: number;
  /** Number of stats polls (one per second). */
  seconds: number;
  /** First stats poll after the first event. */
  statsDelayMs?: number;
  /** Loss fractions (0..1) per stream. */
  loss?: { inAudio?: number; inVideo?: number; outAudio?: number };
  rttMs?: number;
  /** The pair in use starts from a local TURN/UDP relay candidate (also gathered in the log). */
  relay?: boolean;
  /** Log pc.close(), 0.4 s after the last stats poll (default true). */
  close?: boolean;
  /** Record legacy (goog) stats, as the "Legacy Non-Standard" selector did. */
  legacyStats?: boolean;
  /** webrtc-internals opened while the call ran: the log is a five-entry snapshot. */
  lateOpened?: boolean;
}

export const SSRC = { outAudio: 1111, inAudio: 2222, outVideo: 3333, inVideo: 4444 } as const;
export const AUDIO_PACKETS_PER_S = 50;
export const VIDEO_PACKETS_PER_S = 100;
export const LOCAL_ADDRESS = '192.168.1.20';
export const RELAY_ADDRESS = '198.51.100.77';
export const REMOTE_ADDRESS = '203.0.113.7';
export const TURN_URL = 'turn:turn.example.org:3478?transport=udp';
export const STUN_URL = 'stun:stun.l.google.com:19302';
export const LOCAL_TRACKS = { audio: 'a0c0ffee-0001', video: 'v0c0ffee-0002' } as const;

export function statsTimesOf(o: CallOptions): number[] {
  return sampleTimes(o.start + (o.statsDelayMs ?? 1200), o.seconds);
}

export function call(o: CallOptions): ConnectionSpec {
  const times = statsTimesOf(o);
  return {
    id: o.id ?? '94-1',
    configuration: { iceServers: [STUN_URL, TURN_URL] },
    log: o.lateOpened ? snapshotLog(o) : callLog(o, times[times.length - 1]! + 400),
    stats: o.legacyStats ? googStats(o, times) : standardStats(o, times),
  };
}

const OFFER = sdp({
  sessionId: '7362549150012345678',
  ufrag: 'Lc4l',
  setup: 'actpass',
  media: [
    { kind: 'audio', mid: '0', ssrc: SSRC.outAudio },
    { kind: 'video', mid: '1', ssrc: SSRC.outVideo },
  ],
});
const ANSWER = sdp({
  sessionId: '1839462950087654321',
  ufrag: 'Rm0t',
  setup: 'active',
  media: [
    { kind: 'audio', mid: '0', ssrc: SSRC.inAudio },
    { kind: 'video', mid: '1', ssrc: SSRC.inVideo },
  ],
});

export const LOCAL_HOST_CANDIDATE = `candidate:2666629932 1 udp 2122260223 ${LOCAL_ADDRESS} 54321 typ host generation 0 ufrag Lc4l network-id 1`;
export const LOCAL_SRFLX_CANDIDATE = `candidate:842163049 1 udp 1686052607 198.51.100.9 61001 typ srflx raddr ${LOCAL_ADDRESS} rport 54321 generation 0 ufrag Lc4l network-id 1`;
export const LOCAL_RELAY_CANDIDATE = `candidate:3102493411 1 udp 41885439 ${RELAY_ADDRESS} 50210 typ relay raddr 198.51.100.9 rport 61001 generation 0 ufrag Lc4l network-id 1`;
export const REMOTE_CANDIDATE = `candidate:1403676521 1 udp 2122260223 ${REMOTE_ADDRESS} 61000 typ host generation 0 ufrag Rm0t network-id 1`;

function callLog(o: CallOptions, closeAt: number): LogEvent[] {
  const t = o.start;
  const transceiver = (at: number, index: number, modified: boolean): LogEvent => ({
    at,
    kind: 'transceiver',
    modified,
    reason: modified ? 'setLocalDescription' : 'addTrack',
    index,
    mid: modified ? String(index) : null,
    media: index === 0 ? 'audio' : 'video',
    senderTrack: index === 0 ? LOCAL_TRACKS.audio : LOCAL_TRACKS.video,
    receiverTrack: `remote-${index}`,
    streams: ['stream0'],
    direction: 'sendrecv',
    currentDirection: null,
  });
  const log: LogEvent[] = [
    transceiver(t, 0, false),
    transceiver(t + 2, 1, false),
    { at: t + 5, kind: 'negotiationNeeded' },
    { at: t + 10, kind: 'createOffer' },
    { at: t + 15, kind: 'description', method: 'createOfferOnSuccess', type: 'offer', sdp: OFFER },
    { at: t + 20, kind: 'description', method: 'setLocalDescription', type: 'offer', sdp: OFFER },
    { at: t + 22, kind: 'state', which: 'signaling', state: 'have-local-offer' },
    { at: t + 25, kind: 'success', method: 'setLocalDescriptionOnSuccess' },
    transceiver(t + 26, 0, true),
    { at: t + 30, kind: 'state', which: 'iceGathering', state: 'gathering' },
    {
      at: t + 40,
      kind: 'candidate',
      side: 'local',
      sdpMid: '0',
      sdpMLineIndex: 0,
      candidate: LOCAL_HOST_CANDIDATE,
    },
    {
      at: t + 90,
      kind: 'candidate',
      side: 'local',
      sdpMid: '0',
      sdpMLineIndex: 0,
      candidate: LOCAL_SRFLX_CANDIDATE,
      url: STUN_URL,
    },
    ...(o.relay
      ? [
          {
            at: t + 150,
            kind: 'candidate',
            side: 'local',
            sdpMid: '0',
            sdpMLineIndex: 0,
            candidate: LOCAL_RELAY_CANDIDATE,
            url: TURN_URL,
            relayProtocol: 'udp',
          } as const,
        ]
      : []),
    {
      at: t + 300,
      kind: 'candidateError',
      url: 'stun:stun.unreachable.example.org:3478',
      address: '192.168.1.x',
      port: 54321,
      hostCandidate: '192.168.1.x:54321',
      errorText: 'STUN host lookup received error.',
      errorCode: 701,
    },
    { at: t + 600, kind: 'description', method: 'setRemoteDescription', type: 'answer', sdp: ANSWER },
    { at: t + 605, kind: 'state', which: 'signaling', state: 'stable' },
    { at: t + 610, kind: 'success', method: 'setRemoteDescriptionOnSuccess' },
    { at: t + 650, kind: 'state', which: 'iceConnection', state: 'checking' },
    { at: t + 655, kind: 'state', which: 'connection', state: 'connecting' },
    {
      at: t + 700,
      kind: 'candidate',
      side: 'remote',
      sdpMid: '0',
      sdpMLineIndex: 0,
      candidate: REMOTE_CANDIDATE,
    },
    { at: t + 900, kind: 'state', which: 'iceConnection', state: 'connected' },
    { at: t + 950, kind: 'state', which: 'connection', state: 'connected' },
    { at: t + 1100, kind: 'state', which: 'iceGathering', state: 'complete' },
  ];
  if (o.close !== false) {
    log.push({ at: closeAt, kind: 'close' });
    if (ERAS[o.era].log !== 'rtcstats') {
      log.push({ at: closeAt + 1, kind: 'state', which: 'signaling', state: 'closed' });
      log.push({ at: closeAt + 2, kind: 'state', which: 'iceConnection', state: 'closed' });
      log.push({ at: closeAt + 3, kind: 'state', which: 'connection', state: 'closed' });
    }
  }
  return log;
}

/** What the page logs for a connection it finds already running: descriptions and current states, one time. */
function snapshotLog(o: CallOptions): LogEvent[] {
  const at = o.start;
  return [
    { at, kind: 'description', method: 'setLocalDescription', type: 'offer', sdp: OFFER },
    { at, kind: 'description', method: 'setRemoteDescription', type: 'answer', sdp: ANSWER },
    { at, kind: 'state', which: 'signaling', state: 'stable' },
    { at, kind: 'state', which: 'iceConnection', state: 'connected' },
    { at, kind: 'state', which: 'connection', state: 'connected' },
  ];
}

/** Cumulative loss reaching `total` at the last of `n` samples, spread evenly. */
function spread(n: number, total: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.round((total * (i + 1)) / n));
}

interface Ids {
  outAudio: string;
  outVideo: string;
  inAudio: string;
  inVideo: string;
  remoteInAudio: string;
  remoteInVideo: string;
  pair: string;
  local: string;
  remote: string;
  transport: string;
  codec: (dir: 'in' | 'out', kind: 'audio' | 'video') => string;
  pc: string;
  source: { audio: string; video: string };
}

function idsOf(era: Era): Ids {
  if (ERAS[era].statsType)
    return {
      outAudio: `OT01A${SSRC.outAudio}`,
      outVideo: `OT01V${SSRC.outVideo}`,
      inAudio: `IT01A${SSRC.inAudio}`,
      inVideo: `IT01V${SSRC.inVideo}`,
      remoteInAudio: `RIA${SSRC.outAudio}`,
      remoteInVideo: `RIV${SSRC.outVideo}`,
      pair: 'CPXy1LocAb_Zz9RemCd',
      local: 'IXy1LocAb',
      remote: 'IZz9RemCd',
      transport: 'T01',
      codec: (dir, kind) =>
        `C${dir === 'in' ? 'I' : 'O'}T01_${kind === 'audio' ? '111_minptime=10;useinbandfec=1' : '96'}`,
      pc: 'P',
      source: { audio: 'SA1', video: 'SV2' },
    };
  // Before ~M106: long ids and no statsType.
  return {
    outAudio: `RTCOutboundRTPAudioStream_${SSRC.outAudio}`,
    outVideo: `RTCOutboundRTPVideoStream_${SSRC.outVideo}`,
    inAudio: `RTCInboundRTPAudioStream_${SSRC.inAudio}`,
    inVideo: `RTCInboundRTPVideoStream_${SSRC.inVideo}`,
    remoteInAudio: `RTCRemoteInboundRtpAudioStream_${SSRC.outAudio}`,
    remoteInVideo: `RTCRemoteInboundRtpVideoStream_${SSRC.outVideo}`,
    pair: 'RTCIceCandidatePair_Xy1LocAb_Zz9RemCd',
    local: 'RTCIceCandidate_Xy1LocAb',
    remote: 'RTCIceCandidate_Zz9RemCd',
    transport: 'RTCTransport_0_1',
    codec: (dir, kind) =>
      `RTCCodec_${kind === 'audio' ? 0 : 1}_${dir === 'in' ? 'Inbound' : 'Outbound'}_${kind === 'audio' ? 111 : 96}`,
    pc: 'RTCPeerConnection',
    source: { audio: 'RTCAudioSource_1', video: 'RTCVideoSource_2' },
  };
}

function standardStats(o: CallOptions, times: number[]): StatsReportSpec[] {
  const traits = ERAS[o.era];
  const old = !traits.statsType;
  const n = times.length;
  const ids = idsOf(o.era);
  // M83 passed every number as text; later pre-M106 builds still did for uint32/uint64 members.
  const big = (v: number[]) => (old ? asStrings(v) : v);
  const real = (v: number[]) => (o.era === 'M83' ? asStrings(v) : v);
  const rtt = (o.rttMs ?? 30) / 1000;
  const audioLost = Math.round(AUDIO_PACKETS_PER_S * n * (o.loss?.inAudio ?? 0));
  const videoLost = Math.round(VIDEO_PACKETS_PER_S * n * (o.loss?.inVideo ?? 0));
  const outAudioLost = Math.round(AUDIO_PACKETS_PER_S * n * (o.loss?.outAudio ?? 0));
  const inAudioLost = spread(n, audioLost);
  const inVideoLost = spread(n, videoLost);
  const legacyRtp = (kind: string, track: string): Record<string, unknown[]> =>
    old ? { mediaType: constant(n, kind), isRemote: constant(n, false), trackId: constant(n, track) } : {};
  const report = (
    id: string,
    type: string,
    values: Record<string, readonly unknown[] | undefined>,
    extra: Partial<StatsReportSpec> = {},
  ): StatsReportSpec => ({
    id,
    type,
    times,
    values: Object.fromEntries(
      Object.entries(values).filter((e): e is [string, readonly unknown[]] => e[1] !== undefined),
    ),
    ...extra,
  });

  const reports: StatsReportSpec[] = [
    report(ids.outAudio, 'outbound-rtp', {
      ssrc: big(constant(n, SSRC.outAudio)),
      kind: constant(n, 'audio'),
      ...legacyRtp('audio', 'RTCMediaStreamTrack_sender_1'),
      ...(old ? {} : { mid: constant(n, '0') }),
      transportId: constant(n, ids.transport),
      codecId: constant(n, ids.codec('out', 'audio')),
      mediaSourceId: constant(n, ids.source.audio),
      remoteId: constant(n, ids.remoteInAudio),
      packetsSent: big(counter(n, AUDIO_PACKETS_PER_S)),
      bytesSent: big(counter(n, 4000)),
      retransmittedPacketsSent: big(constant(n, 0)),
      targetBitrate: real(constant(n, 32000)),
    }),
    report(
      ids.outVideo,
      'outbound-rtp',
      {
        ssrc: big(constant(n, SSRC.outVideo)),
        kind: constant(n, 'video'),
        ...legacyRtp('video', 'RTCMediaStreamTrack_sender_2'),
        ...(old ? {} : { mid: constant(n, '1') }),
        transportId: constant(n, ids.transport),
        codecId: constant(n, ids.codec('out', 'video')),
        mediaSourceId: constant(n, ids.source.video),
        remoteId: constant(n, ids.remoteInVideo),
        packetsSent: big(counter(n, VIDEO_PACKETS_PER_S)),
        bytesSent: big(counter(n, 62500)),
        framesEncoded: big(counter(n, 30)),
        frameWidth: big(constant(n, 640)),
        frameHeight: big(constant(n, 480)),
        framesPerSecond: real(constant(n, 30)),
        qualityLimitationReason: constant(n, 'none'),
        ...(old
          ? {}
          : {
              qualityLimitationDurations: Array.from({ length: n }, (_, i) => ({
                bandwidth: 0.1 * (i + 1),
                cpu: 0.05 * (i + 1),
                none: 0.85 * (i + 1),
                other: 0,
              })),
            }),
      },
      {
        computed: {
          '[bytesSent_in_bits/s]': constant(n - 1, 500000),
          '[codec]': constant(n - 1, 'VP8 (96)'),
        },
      },
    ),
    report(ids.remoteInAudio, 'remote-inbound-rtp', {
      ssrc: big(constant(n, SSRC.outAudio)),
      kind: constant(n, 'audio'),
      transportId: constant(n, ids.transport),
      localId: constant(n, ids.outAudio),
      packetsLost: spread(n, outAudioLost),
      jitter: real(constant(n, 0.004)),
      roundTripTime: real(constant(n, rtt)),
      ...(old ? {} : { fractionLost: constant(n, o.loss?.outAudio ?? 0) }),
    }),
    report(ids.remoteInVideo, 'remote-inbound-rtp', {
      ssrc: big(constant(n, SSRC.outVideo)),
      kind: constant(n, 'video'),
      transportId: constant(n, ids.transport),
      localId: constant(n, ids.outVideo),
      packetsLost: constant(n, 0),
      jitter: real(constant(n, 0.002)),
      roundTripTime: real(constant(n, rtt)),
    }),
    report(
      ids.inAudio,
      'inbound-rtp',
      {
        ssrc: big(constant(n, SSRC.inAudio)),
        kind: constant(n, 'audio'),
        ...legacyRtp('audio', 'RTCMediaStreamTrack_receiver_3'),
        ...(old
          ? {}
          : {
              mid: constant(n, '0'),
              trackIdentifier: constant(n, 'remote-0'),
              audioLevel: constant(n, 0.25),
              totalSamplesReceived: counter(n, 48000),
              concealedSamples: counter(n, 480),
            }),
        transportId: constant(n, ids.transport),
        codecId: constant(n, ids.codec('in', 'audio')),
        packetsReceived: big(counter(n, AUDIO_PACKETS_PER_S).map((p, i) => p - inAudioLost[i]!)),
        packetsLost: inAudioLost,
        bytesReceived: big(counter(n, 4000)),
        jitter: real(constant(n, 0.006)),
      },
      { computed: { '[packetsReceived/s]': constant(n - 1, AUDIO_PACKETS_PER_S) } },
    ),
    report(ids.inVideo, 'inbound-rtp', {
      ssrc: big(constant(n, SSRC.inVideo)),
      kind: constant(n, 'video'),
      ...legacyRtp('video', 'RTCMediaStreamTrack_receiver_4'),
      ...(old
        ? {}
        : {
            mid: constant(n, '1'),
            trackIdentifier: constant(n, 'remote-1'),
            frameWidth: constant(n, 1280),
            frameHeight: constant(n, 720),
          }),
      transportId: constant(n, ids.transport),
      codecId: constant(n, ids.codec('in', 'video')),
      packetsReceived: big(counter(n, VIDEO_PACKETS_PER_S).map((p, i) => p - inVideoLost[i]!)),
      packetsLost: inVideoLost,
      bytesReceived: big(counter(n, 62500)),
      framesDecoded: big(counter(n, 25)),
      jitter: real(constant(n, 0.01)),
    }),
    report(ids.pair, 'candidate-pair', {
      transportId: constant(n, ids.transport),
      localCandidateId: constant(n, ids.local),
      remoteCandidateId: constant(n, ids.remote),
      state: constant(n, 'succeeded'),
      nominated: constant(n, true),
      writable: constant(n, true),
      bytesSent: big(counter(n, 66500)),
      bytesReceived: big(counter(n, 66500)),
      currentRoundTripTime: real(constant(n, rtt)),
      availableOutgoingBitrate: real(constant(n, 1_500_000)),
      requestsSent: big(counter(n, 0.5)),
      responsesReceived: big(counter(n, 0.5)),
    }),
    candidate(o, ids.local, false, n, times),
    candidate(o, ids.remote, true, n, times),
    report(ids.transport, 'transport', {
      bytesSent: big(counter(n, 66500)),
      bytesReceived: big(counter(n, 66500)),
      dtlsState: constant(n, 'connected'),
      selectedCandidatePairId: constant(n, ids.pair),
      tlsVersion: constant(n, 'FEFD'),
      dtlsCipher: constant(n, 'TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256'),
      srtpCipher: constant(n, 'AES_CM_128_HMAC_SHA1_80'),
      ...(old ? {} : { iceRole: constant(n, 'controlling'), iceState: constant(n, 'connected') }),
    }),
    codec(ids.codec('out', 'audio'), 'audio/opus', 111, n, times, ids.transport),
    codec(ids.codec('in', 'audio'), 'audio/opus', 111, n, times, ids.transport),
    codec(ids.codec('out', 'video'), 'video/VP8', 96, n, times, ids.transport),
    codec(ids.codec('in', 'video'), 'video/VP8', 96, n, times, ids.transport),
    report(ids.pc, 'peer-connection', {
      dataChannelsOpened: constant(n, 0),
      dataChannelsClosed: constant(n, 0),
    }),
    report(ids.source.audio, 'media-source', {
      trackIdentifier: constant(n, LOCAL_TRACKS.audio),
      kind: constant(n, 'audio'),
      audioLevel: real(constant(n, 0.5)),
    }),
    report(ids.source.video, 'media-source', {
      trackIdentifier: constant(n, LOCAL_TRACKS.video),
      kind: constant(n, 'video'),
      width: big(constant(n, 640)),
      height: big(constant(n, 480)),
      framesPerSecond: real(constant(n, 30)),
    }),
  ];
  if (old) {
    // Receiver metrics lived on the track report until ~M112; senders had one too.
    reports.push(
      report('RTCMediaStreamTrack_sender_1', 'track', {
        trackIdentifier: constant(n, LOCAL_TRACKS.audio),
        mediaSourceId: constant(n, ids.source.audio),
        remoteSource: constant(n, false),
        kind: constant(n, 'audio'),
      }),
      report('RTCMediaStreamTrack_sender_2', 'track', {
        trackIdentifier: constant(n, LOCAL_TRACKS.video),
        mediaSourceId: constant(n, ids.source.video),
        remoteSource: constant(n, false),
        kind: constant(n, 'video'),
      }),
      report('RTCMediaStreamTrack_receiver_3', 'track', {
        trackIdentifier: constant(n, 'remote-0'),
        remoteSource: constant(n, true),
        kind: constant(n, 'audio'),
        audioLevel: real(constant(n, 0.25)),
        totalSamplesReceived: big(counter(n, 48000)),
        concealedSamples: big(counter(n, 480)),
      }),
      report('RTCMediaStreamTrack_receiver_4', 'track', {
        trackIdentifier: constant(n, 'remote-1'),
        remoteSource: constant(n, true),
        kind: constant(n, 'video'),
        frameWidth: big(constant(n, 1280)),
        frameHeight: big(constant(n, 720)),
        framesDecoded: big(counter(n, 25)),
      }),
    );
  }
  return reports;
}

function candidate(o: CallOptions, id: string, remote: boolean, n: number, times: number[]): StatsReportSpec {
  const old = !ERAS[o.era].statsType;
  const relay = o.relay && !remote;
  const address = remote ? REMOTE_ADDRESS : relay ? RELAY_ADDRESS : LOCAL_ADDRESS;
  return {
    id,
    type: remote ? 'remote-candidate' : 'local-candidate',
    times,
    values: {
      transportId: constant(n, old ? 'RTCTransport_0_1' : 'T01'),
      isRemote: constant(n, remote),
      // `address` joined `ip` around M96.
      ip: constant(n, address),
      ...(old ? {} : { address: constant(n, address) }),
      port: constant(n, remote ? 61000 : relay ? 50210 : 54321),
      protocol: constant(n, 'udp'),
      candidateType: constant(n, relay ? 'relay' : remote ? 'srflx' : 'host'),
      priority: constant(n, relay ? 41885439 : 2122260223),
      ...(remote ? {} : { networkType: constant(n, 'wifi') }),
      ...(relay ? { relayProtocol: constant(n, 'udp'), url: constant(n, TURN_URL) } : {}),
    },
  };
}

function codec(
  id: string,
  mimeType: string,
  payloadType: number,
  n: number,
  times: number[],
  transport: string,
): StatsReportSpec {
  const audio = mimeType.startsWith('audio/');
  return {
    id,
    type: 'codec',
    times,
    values: {
      transportId: constant(n, transport),
      payloadType: constant(n, payloadType),
      mimeType: constant(n, mimeType),
      clockRate: constant(n, audio ? 48000 : 90000),
      ...(audio ? { channels: constant(n, 2), sdpFmtpLine: constant(n, 'minptime=10;useinbandfec=1') } : {}),
    },
  };
}

/**
 * Legacy callback getStats as the page recorded it: goog ids and attribute names, every value a
 * string. With the M106+ selector the entries also carry the goog type names as statsType.
 */
function googStats(o: CallOptions, times: number[]): StatsReportSpec[] {
  const n = times.length;
  const withType = ERAS[o.era].statsType;
  const s = (v: readonly unknown[]) => asStrings(v);
  const audioLost = Math.round(AUDIO_PACKETS_PER_S * n * (o.loss?.inAudio ?? 0));
  const videoLost = Math.round(VIDEO_PACKETS_PER_S * n * (o.loss?.inVideo ?? 0));
  const outAudioLost = Math.round(AUDIO_PACKETS_PER_S * n * (o.loss?.outAudio ?? 0));
  const goog = (
    id: string,
    type: string,
    values: StatsReportSpec['values'],
    extra = {},
  ): StatsReportSpec => ({
    id,
    type,
    times,
    values,
    statsType: withType ? type : null,
    ...extra,
  });
  const epoch = '1970-01-01T00:00:00.000Z';
  const inAudioLost = spread(n, audioLost);
  const inVideoLost = spread(n, videoLost);
  return [
    goog('Conn-audio-1-0', 'googCandidatePair', {
      googActiveConnection: s(constant(n, true)),
      googWritable: s(constant(n, true)),
      googReadable: s(constant(n, true)),
      googChannelId: constant(n, 'Channel-audio-1'),
      googLocalAddress: constant(n, `${LOCAL_ADDRESS}:54321`),
      googRemoteAddress: constant(n, `${REMOTE_ADDRESS}:61000`),
      googLocalCandidateType: constant(n, 'local'),
      googRemoteCandidateType: constant(n, 'stun'),
      googTransportType: constant(n, 'udp'),
      localCandidateId: constant(n, 'Cand-LcAbCdEf'),
      remoteCandidateId: constant(n, 'Cand-RmGhIjKl'),
      googRtt: s(constant(n, o.rttMs ?? 30)),
      bytesSent: s(counter(n, 66500)),
      bytesReceived: s(counter(n, 66500)),
      packetsSent: s(counter(n, 150)),
      requestsSent: s(counter(n, 0.5)),
      responsesReceived: s(counter(n, 0.5)),
    }),
    goog('Cand-LcAbCdEf', 'localcandidate', {
      ipAddress: constant(n, LOCAL_ADDRESS),
      portNumber: s(constant(n, 54321)),
      transport: constant(n, 'udp'),
      candidateType: constant(n, 'host'),
      priority: s(constant(n, 2122260223)),
      networkType: constant(n, 'wlan'),
    }),
    goog('Cand-RmGhIjKl', 'remotecandidate', {
      ipAddress: constant(n, REMOTE_ADDRESS),
      portNumber: s(constant(n, 61000)),
      transport: constant(n, 'udp'),
      candidateType: constant(n, 'serverreflexive'),
      priority: s(constant(n, 1686052607)),
    }),
    goog('Channel-audio-1', 'googComponent', {
      selectedCandidatePairId: constant(n, 'Conn-audio-1-0'),
      dtlsCipher: constant(n, 'TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256'),
      srtpCipher: constant(n, 'AES_CM_128_HMAC_SHA1_80'),
    }),
    goog(
      `ssrc_${SSRC.outAudio}_send`,
      'ssrc',
      {
        ssrc: s(constant(n, SSRC.outAudio)),
        mediaType: constant(n, 'audio'),
        googCodecName: constant(n, 'opus'),
        googTrackId: constant(n, LOCAL_TRACKS.audio),
        transportId: constant(n, 'Channel-audio-1'),
        packetsSent: s(counter(n, AUDIO_PACKETS_PER_S)),
        bytesSent: s(counter(n, 4000)),
        packetsLost: s(spread(n, outAudioLost)),
        googRtt: s(constant(n, o.rttMs ?? 30)),
        googJitterReceived: s(constant(n, 4)),
        audioInputLevel: s(constant(n, 8191)),
      },
      { startTimes: { googTrackId: epoch } },
    ),
    goog(`ssrc_${SSRC.outVideo}_send`, 'ssrc', {
      ssrc: s(constant(n, SSRC.outVideo)),
      mediaType: constant(n, 'video'),
      googCodecName: constant(n, 'VP8'),
      googTrackId: constant(n, LOCAL_TRACKS.video),
      packetsSent: s(counter(n, VIDEO_PACKETS_PER_S)),
      bytesSent: s(counter(n, 62500)),
      packetsLost: s(constant(n, 0)),
      googRtt: s(constant(n, o.rttMs ?? 30)),
      googFrameRateSent: s(constant(n, 30)),
      googFrameWidthSent: s(constant(n, 640)),
      googFrameHeightSent: s(constant(n, 480)),
      googCpuLimitedResolution: s(constant(n, false)),
      googBandwidthLimitedResolution: s(constant(n, false)),
    }),
    goog(`ssrc_${SSRC.inAudio}_recv`, 'ssrc', {
      ssrc: s(constant(n, SSRC.inAudio)),
      mediaType: constant(n, 'audio'),
      googCodecName: constant(n, 'opus'),
      packetsReceived: s(counter(n, AUDIO_PACKETS_PER_S).map((p, i) => p - inAudioLost[i]!)),
      packetsLost: s(inAudioLost),
      bytesReceived: s(counter(n, 4000)),
      googJitterReceived: s(constant(n, 6)),
      audioOutputLevel: s(constant(n, 8191)),
    }),
    goog(`ssrc_${SSRC.inVideo}_recv`, 'ssrc', {
      ssrc: s(constant(n, SSRC.inVideo)),
      mediaType: constant(n, 'video'),
      googCodecName: constant(n, 'VP8'),
      packetsReceived: s(counter(n, VIDEO_PACKETS_PER_S).map((p, i) => p - inVideoLost[i]!)),
      packetsLost: s(inVideoLost),
      bytesReceived: s(counter(n, 62500)),
      googFrameRateReceived: s(constant(n, 25)),
      googFrameWidthReceived: s(constant(n, 1280)),
      googFrameHeightReceived: s(constant(n, 720)),
    }),
    goog(
      'bweforvideo',
      'VideoBwe',
      {
        googAvailableSendBandwidth: s(constant(n, 1_500_000)),
        googAvailableReceiveBandwidth: s(constant(n, 2_000_000)),
        googTargetEncBitrate: s(constant(n, 1_200_000)),
        googActualEncBitrate: s(constant(n, 500_000)),
        googTransmitBitrate: s(constant(n, 532_000)),
        googRetransmitBitrate: s(constant(n, 0)),
      },
      // The legacy BWE report carried timestamp 0 on its first poll.
      {
        startTimes: Object.fromEntries(
          [
            'googAvailableSendBandwidth',
            'googAvailableReceiveBandwidth',
            'googTargetEncBitrate',
            'googActualEncBitrate',
            'googTransmitBitrate',
            'googRetransmitBitrate',
          ].map((k) => [k, epoch]),
        ),
      },
    ),
    goog('googTrack_a0c0ffee-0001', 'googTrack', { googTrackId: constant(n, LOCAL_TRACKS.audio) }),
    goog('googLibjingleSession_7362549150012345678', 'googLibjingleSession', {
      googInitiator: s(constant(n, true)),
    }),
  ];
}
