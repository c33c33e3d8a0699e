/**
 * Builders of analysis views (the computed layer) for detector and scoring tests: each returns a
 * plausible default that callers override where the case under test differs.
 */
import type { CandidatePair, IceTransports } from '../../src/computed/ice-transport.js';
import { dropsAfterUp, type Lifecycle } from '../../src/computed/lifecycle.js';
import type { MediaRequestView } from '../../src/computed/media-requests.js';
import type { PeerConnectionView } from '../../src/computed/peer-connection-view.js';
import type { RtpStream, SeriesName } from '../../src/computed/rtp-streams.js';
import type { SessionView } from '../../src/computed/session-view.js';
import type { Signaling } from '../../src/computed/signaling.js';
import { apiCalls, trackLifecycles } from '../../src/computed/track-lifecycle.js';

export const T0 = 1_700_000_000_000;

/** `n` sample times one second apart from T0 + offset. */
export const times = (n: number, offsetMs = 0): number[] =>
  Array.from({ length: n }, (_, i) => T0 + offsetMs + i * 1000);

export const series = (values: readonly number[]): Float64Array => Float64Array.from(values);

/** A constant series of `n` samples. */
export const flat = (n: number, value: number): Float64Array => new Float64Array(n).fill(value);

export function stream(
  overrides: Partial<RtpStream> & {
    n?: number;
    values?: Partial<Record<SeriesName, readonly number[] | Float64Array>>;
  } = {},
): RtpStream {
  const { n = 30, values = {}, ...rest } = overrides;
  const t = rest.t ?? times(n);
  const kind = rest.kind ?? 'audio';
  const direction = rest.direction ?? 'inbound';
  const base: RtpStream = {
    pcId: 'pc1',
    id: `${direction === 'inbound' ? 'IT' : 'OT'}01${kind === 'audio' ? 'A' : 'V'}1234`,
    kind,
    direction,
    ssrc: 1234,
    t,
    firstSeenAt: t[0]!,
    lastSeenAt: t[t.length - 1]!,
    firstPacketAt: t[0]!,
    totals: { packets: 1500, bytes: 150_000, packetsLost: 0, remotePacketsLost: 0 },
    series: {
      bitrateKbps: flat(t.length, kind === 'audio' ? 32 : 800),
      lossPercent: flat(t.length, 0),
      jitterMs: flat(t.length, 2),
      rttMs: flat(t.length, 20),
    },
  };
  const merged = {
    ...base,
    ...rest,
    totals: { ...base.totals, ...rest.totals },
    series: { ...base.series, ...rest.series },
  };
  for (const [name, v] of Object.entries(values))
    merged.series[name as SeriesName] = Float64Array.from(v as ArrayLike<number>);
  return merged;
}

export function lifecycle(overrides: Partial<Lifecycle> = {}): Lifecycle {
  const everConnected = overrides.everConnected ?? true;
  const iceConnected = overrides.iceConnected ?? true;
  const dtlsNeverCompleted = overrides.dtlsNeverCompleted ?? false;
  const states = overrides.states ?? {
    signaling: [
      { state: 'have-local-offer', at: T0 },
      { state: 'stable', at: T0 + 100 },
    ],
    iceConnection: [
      { state: 'checking', at: T0 + 150 },
      { state: 'connected', at: T0 + 250 },
    ],
    connection: [
      { state: 'connecting', at: T0 + 150 },
      { state: 'connected', at: T0 + 300 },
    ],
    iceGathering: [
      { state: 'gathering', at: T0 + 50 },
      { state: 'complete', at: T0 + 200 },
    ],
    dtls: [],
  };
  return {
    states,
    firstEventAt: T0 - 1000,
    lastEventAt: T0 + 30_000,
    closedAt: T0 + 30_000,
    closed: true,
    connectedAt: T0 + 300,
    everConnected,
    iceConnected,
    dtlsNeverCompleted,
    wasUp: everConnected || (iceConnected && !dtlsNeverCompleted),
    failed: false,
    failedAt: undefined,
    failedAfterConnected: false,
    // As lifecycle() counts them from the timelines.
    disconnections: Math.max(
      dropsAfterUp(states.iceConnection).length,
      dropsAfterUp(states.connection).length,
    ),
    iceConnectionTimeMs: 100,
    connectionTimeMs: 150,
    dtlsTimeMs: 50,
    setupTimeMs: 1300,
    gatheringTimeMs: 150,
    apiErrors: [],
    ...overrides,
  };
}

export function signaling(overrides: Partial<Signaling> = {}): Signaling {
  return {
    localDescriptions: [],
    remoteDescriptions: [],
    negotiations: [
      { initiator: 'local', startedAt: T0 - 200, completedAt: T0 + 100, durationMs: 300, iceRestart: false },
    ],
    pendingNegotiation: false,
    iceRestarts: 0,
    localCandidates: [],
    remoteCandidates: [],
    gatheringComplete: true,
    candidateErrors: [],
    localTracks: [],
    remoteTracks: [],
    dataChannels: [],
    timeResolutionMs: 1,
    ...overrides,
  };
}

export function pair(overrides: Partial<CandidatePair> = {}): CandidatePair {
  const t = overrides.t ?? times(30);
  return {
    id: 'CP1',
    state: 'succeeded',
    nominated: true,
    selected: true,
    local: { type: 'host', protocol: 'udp', address: '192.0.2.10', port: 50000 },
    remote: { type: 'host', protocol: 'udp', address: '192.0.2.20', port: 50001 },
    t,
    totals: { bytesSent: 1_000_000, bytesReceived: 1_000_000 },
    series: { rttMs: flat(t.length, 20), availableOutgoingKbps: flat(t.length, 2500) },
    ...overrides,
  };
}

export function ice(overrides: Partial<IceTransports> = {}): IceTransports {
  const p = overrides.pairs?.[0] ?? pair();
  return {
    pairs: [p],
    selected: [{ at: T0 + 300, pairId: p.id, local: p.local, remote: p.remote }],
    transports: [
      {
        id: 'T01',
        dtlsState: 'connected',
        dtlsRole: 'client',
        tlsVersion: 'FEFD',
        dtlsCipher: 'TLS_AES_128_GCM_SHA256',
        srtpCipher: 'AEAD_AES_128_GCM',
        dtlsStates: [],
        totals: {},
      },
    ],
    dataChannels: [],
    localCandidates: [],
    remoteCandidates: [],
    samples: 30,
    ...overrides,
  };
}

export function connection(overrides: Partial<PeerConnectionView> = {}): PeerConnectionView {
  const pc: PeerConnectionView = {
    id: 'pc1',
    url: 'https://app.example/room',
    configuration: { iceServers: [{ urls: ['stun:stun.example.org:3478', 'turn:turn.example.org:3478'] }] },
    constraints: undefined,
    flags: { updateLogEra: 'rtcstats' },
    events: [],
    lifecycle: lifecycle(),
    signaling: signaling(),
    ice: ice(),
    streams: [
      stream({ kind: 'audio', direction: 'outbound', id: 'OT01A1' }),
      stream({ kind: 'audio', direction: 'inbound', id: 'IT01A2', ssrc: 2 }),
    ],
    statsRange: { first: T0 + 300, last: T0 + 29_300 },
    cpuPressure: undefined,
    tracks: [],
    apiCalls: [],
    ...overrides,
  };
  // What happened to the tracks follows from the streams and events, as in the analysis.
  if (!overrides.tracks) pc.tracks = trackLifecycles(pc);
  if (!overrides.apiCalls) pc.apiCalls = apiCalls(pc.events);
  return pc;
}

export function mediaRequest(overrides: Partial<MediaRequestView> = {}): MediaRequestView {
  return {
    api: 'getUserMedia',
    at: T0 - 2000,
    audio: true,
    video: null,
    outcome: 'success',
    completedAt: T0 - 1800,
    tracks: [{ kind: 'audio', id: 'a1', label: 'Default - Built-in Microphone' }],
    ...overrides,
  };
}

export function session(overrides: Partial<SessionView> = {}): SessionView {
  return {
    format: { format: 'webrtc-internals', gzip: false },
    client: {
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/144.0.0.0 Safari/537.36',
      hardwareConcurrency: 8,
      deviceMemory: 8,
    },
    identity: { extra: {} },
    clientEvents: [],
    mediaRequests: [mediaRequest()],
    connections: [connection()],
    warnings: [],
    fileSize: 1000,
    textSize: 1000,
    fileName: undefined,
    ...overrides,
  };
}
