import Type from 'typebox';
import { Candidate, Distribution, EpochMs, Nullable, Series, StateChange } from './common.js';

const CandidateCounts = Type.Object({
  total: Type.Integer(),
  host: Type.Integer(),
  srflx: Type.Integer(),
  prflx: Type.Integer(),
  relay: Type.Integer(),
  mdns: Type.Integer({ description: 'Host candidates hidden behind an mDNS .local name.' }),
  relayProtocols: Type.Object({ udp: Type.Integer(), tcp: Type.Integer(), tls: Type.Integer() }),
});

export const PeerConnectionSummary = Type.Object(
  {
    id: Type.String(),
    url: Nullable(Type.String()),
    configuration: Nullable(
      Type.Record(Type.String(), Type.Unknown(), { description: 'RTCConfiguration, credentials removed.' }),
    ),
    constraints: Type.Unknown(),
    createdAt: Nullable(EpochMs),
    closedAt: Nullable(EpochMs),
    durationMs: Nullable(Type.Integer()),
    closed: Type.Boolean(),
    states: Type.Object({
      signaling: Type.Array(StateChange),
      iceConnection: Type.Array(StateChange),
      connection: Type.Array(StateChange),
      iceGathering: Type.Array(StateChange),
      dtls: Type.Array(StateChange),
    }),
    finalState: Type.Object({
      signaling: Nullable(Type.String()),
      iceConnection: Nullable(Type.String()),
      connection: Nullable(Type.String()),
      iceGathering: Nullable(Type.String()),
    }),
    connected: Type.Boolean(),
    connectedAt: Nullable(EpochMs),
    iceConnected: Type.Boolean(),
    failed: Type.Boolean(),
    failedAt: Nullable(EpochMs),
    failedAfterConnected: Type.Boolean({
      description: 'Failed after having been up: a call lost midway, not a setup failure.',
    }),
    disconnections: Type.Integer({
      description:
        'Times the connection dropped to disconnected after it was first up (ICE or connection state, whichever logs more).',
    }),
    timings: Type.Object({
      setupMs: Nullable(Type.Number({ description: 'First offer or remote offer to connected.' })),
      iceConnectionMs: Nullable(Type.Number({ description: 'ICE checking to connected.' })),
      connectionMs: Nullable(
        Type.Number({ description: 'Connection connecting to connected (ICE and DTLS).' }),
      ),
      gatheringMs: Nullable(Type.Number({ description: 'ICE gathering to complete.' })),
    }),
    negotiations: Type.Array(
      Type.Object({
        initiator: Type.Union([Type.Literal('local'), Type.Literal('remote')]),
        startedAt: Nullable(EpochMs),
        completedAt: Nullable(EpochMs),
        durationMs: Nullable(Type.Number()),
        iceRestart: Type.Boolean(),
        error: Type.Optional(Type.String()),
      }),
    ),
    negotiationsCount: Type.Integer(),
    pendingNegotiation: Type.Boolean({ description: 'Signaling was not stable when the recording ended.' }),
    iceRestarts: Type.Integer(),
    apiErrors: Type.Array(
      Type.Object({ method: Type.String(), error: Type.String(), at: Nullable(EpochMs) }),
    ),
    candidates: Type.Object({ local: CandidateCounts, remote: CandidateCounts }),
    iceCandidateErrors: Type.Array(
      Type.Object({
        url: Nullable(Type.String()),
        address: Nullable(Type.String()),
        port: Nullable(Type.Integer()),
        errorCode: Nullable(Type.Integer()),
        errorText: Nullable(Type.String()),
        at: Nullable(EpochMs),
      }),
    ),
    selectedPairs: Type.Array(
      Type.Object({
        at: EpochMs,
        pairId: Type.String(),
        local: Nullable(Candidate),
        remote: Nullable(Candidate),
      }),
    ),
    hasStatistics: Type.Boolean(),
    statsSamples: Type.Integer(),
    sdp: Nullable(
      Type.Object({
        bundle: Type.Boolean(),
        rtcpMux: Type.Boolean(),
        remoteIceLite: Type.Boolean(),
        simulcast: Type.Boolean(),
        mediaKinds: Type.Array(Type.String()),
        dtlsSetup: Nullable(Type.String()),
        fingerprintAlgorithms: Type.Array(Type.String()),
      }),
    ),
    dtls: Nullable(
      Type.Object({
        state: Nullable(Type.String()),
        role: Nullable(Type.String()),
        tlsVersion: Nullable(Type.String()),
        cipher: Nullable(Type.String()),
        srtpCipher: Nullable(Type.String()),
      }),
    ),
    tracks: Type.Object({
      local: Type.Array(Type.Object({ kind: Nullable(Type.String()), trackId: Nullable(Type.String()) })),
      remote: Type.Array(Type.Object({ kind: Nullable(Type.String()), trackId: Nullable(Type.String()) })),
    }),
    dataChannels: Type.Array(
      Type.Object({
        label: Nullable(Type.String()),
        protocol: Nullable(Type.String()),
        state: Nullable(Type.String()),
        messagesSent: Nullable(Type.Integer()),
        messagesReceived: Nullable(Type.Integer()),
        bytesSent: Nullable(Type.Integer()),
        bytesReceived: Nullable(Type.Integer()),
      }),
    ),
    roundTripTimeMs: Nullable(Distribution),
    availableOutgoingBitrateKbps: Nullable(Distribution),
    series: Series,
    flags: Type.Object({
      statsTruncated: Type.Boolean({
        description: 'Series hit the 1000-sample cap of webrtc-internals: the start is missing.',
      }),
      lateOpenedSnapshot: Type.Boolean({
        description: 'webrtc-internals was opened after the connection existed.',
      }),
      legacyStats: Type.Boolean({ description: 'Legacy (goog) stats, mapped onto standard ones.' }),
      eventTimesEstimated: Type.Boolean({ description: 'Event times were rebuilt from locale strings.' }),
    }),
    updateLogEra: Nullable(Type.String()),
  },
  { description: 'One RTCPeerConnection: configuration, states, negotiation, candidates, selected pairs.' },
);
export type PeerConnectionSummary = Type.Static<typeof PeerConnectionSummary>;
