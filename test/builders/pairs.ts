/**
 * Builders for the ICE, TURN and transport detector tests (src/detectors/pairs): sessions of one
 * connection with given ICE servers, candidate errors, gathered candidates or selected pairs.
 */
import type { CandidateInfo, IceTransports } from '../../src/computed/ice-transport.js';
import type { PeerConnectionView } from '../../src/computed/peer-connection-view.js';
import type { RtpStream } from '../../src/computed/rtp-streams.js';
import type { SessionView } from '../../src/computed/session-view.js';
import type { CandidateError, GatheredCandidate } from '../../src/computed/signaling.js';
import { connection, ice, pair, session, signaling, T0 } from './session.js';

/** A session whose only connection is the default one with these overrides. */
export const oneConnection = (overrides: Partial<PeerConnectionView> = {}): SessionView =>
  session({ connections: [connection(overrides)] });

/** An RTCConfiguration with one iceServers entry holding these URLs. */
export const iceServers = (...urls: string[]): PeerConnectionView['configuration'] => ({
  iceServers: [{ urls }],
});

/** An icecandidateerror event as the signaling view keeps it, 500 ms into the call. */
export const candidateError = (
  errorCode: number,
  url: string | undefined,
  errorText?: string,
): CandidateError => ({
  ...(url !== undefined ? { url } : {}),
  address: '192.0.2.10',
  port: 50000,
  errorCode,
  ...(errorText !== undefined ? { errorText } : {}),
  at: T0 + 500,
});

/**
 * A session of one connection given `urls` as ICE servers that reported `errors`, and gathered the
 * candidates of `types` (default host only); `failed` makes it fail without ever connecting.
 */
export function turnSession(
  urls: string[],
  errors: CandidateError[],
  options: { types?: string[]; failed?: boolean } = {},
): SessionView {
  const { types = ['host'], failed = false } = options;
  const base = connection();
  return oneConnection({
    configuration: iceServers(...urls),
    signaling: signaling({
      candidateErrors: errors,
      localCandidates: types.map((type, i) => gathered(type, T0 + 100 + i * 10)),
    }),
    lifecycle: failed
      ? {
          ...base.lifecycle,
          everConnected: false,
          iceConnected: false,
          connectedAt: undefined,
          failed: true,
          failedAt: T0 + 30_000,
        }
      : base.lifecycle,
  });
}

/** A local candidate of `type` announced by onicecandidate at `at`. */
export function gathered(
  type: string,
  at: number,
  overrides: Partial<GatheredCandidate> = {},
): GatheredCandidate {
  return {
    foundation: '1',
    component: 1,
    protocol: 'udp',
    priority: 100,
    address: type === 'host' ? '192.0.2.10' : '203.0.113.7',
    port: 50000,
    type,
    at,
    ...overrides,
  };
}

/** ICE of a connection whose one selected pair has this local (and remote) candidate. */
export function selecting(local: CandidateInfo, remote?: CandidateInfo): IceTransports {
  return ice({ pairs: [pair({ local, ...(remote ? { remote } : {}) })] });
}

/** ICE of a connection that selected `count` pairs in turn, 5 s apart. */
export function switching(count: number): IceTransports {
  const pairs = Array.from({ length: count }, (_, i) => pair({ id: `CP${i + 1}`, selected: true }));
  return ice({
    pairs,
    selected: pairs.map((p, i) => ({
      at: T0 + 300 + i * 5000,
      pairId: p.id,
      local: p.local,
      remote: p.remote,
    })),
  });
}

/** The stream without its round-trip-time series (no RTCP report carried one). */
export function withoutRtt(s: RtpStream): RtpStream {
  const series = { ...s.series };
  delete series.rttMs;
  return { ...s, series };
}
