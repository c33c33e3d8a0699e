/**
 * Event-log builders for the connection detectors: a connection's log is written as entries
 * `[msAfterT0, type, value]` and its lifecycle and signaling views are computed from it by the
 * same code that reads real dumps, so tests exercise what a dump would produce.
 */
import { lifecycle } from '../../src/computed/lifecycle.js';
import type { PeerConnectionView } from '../../src/computed/peer-connection-view.js';
import { signaling } from '../../src/computed/signaling.js';
import type { RawPeerConnection } from '../../src/model/peer-connection.js';
import type { TraceEvent } from '../../src/model/trace-event.js';
import { sdp } from './sdp.js';
import { T0 } from './session.js';

export type LogEntry = readonly [atMs: number, type: string, value?: unknown];

/** The event-log parts of a connection view (events, lifecycle, signaling), computed from `entries`. */
export function logged(
  entries: readonly LogEntry[],
  id = 'pc1',
): Pick<PeerConnectionView, 'events' | 'lifecycle' | 'signaling'> {
  const events: TraceEvent[] = [...entries]
    .sort((a, b) => a[0] - b[0])
    .map(([at, type, value]) => ({ type, timestamp: T0 + at, value }));
  const raw = { id, events, flags: {}, stats: undefined } as unknown as RawPeerConnection;
  return { events, lifecycle: lifecycle(raw), signaling: signaling(raw) };
}

/** A browser-generated offer (audio + video) with ICE credentials `ufrag`. */
export const offerSdp = (ufrag = 'Off1'): string =>
  sdp({
    sessionId: '4611731400430051336',
    ufrag,
    setup: 'actpass',
    media: [
      { kind: 'audio', mid: '0', ssrc: 1111 },
      { kind: 'video', mid: '1', ssrc: 3333 },
    ],
  });

/** The remote answer to `offerSdp`. */
export const answerSdp = (ufrag = 'Ans1'): string =>
  sdp({
    sessionId: '8123456789012345678',
    ufrag,
    setup: 'active',
    media: [
      { kind: 'audio', mid: '0', ssrc: 2222 },
      { kind: 'video', mid: '1', ssrc: 4444 },
    ],
  });

/** Edits SDP text line by line (the CRLF framing is kept). */
export const editSdp = (text: string, edit: (lines: string[]) => string[]): string =>
  `${edit(text.trimEnd().split('\r\n')).join('\r\n')}\r\n`;

/**
 * A local offer at `at` answered `durationMs` later: createOffer, its result (`created`), the
 * description the application applied (`applied`, by default what was created), then the answer.
 */
export function offerAnswer(
  at: number,
  o: { created?: string; applied?: string; answer?: string; durationMs?: number; iceRestart?: boolean } = {},
): LogEntry[] {
  const created = o.created ?? offerSdp();
  const duration = o.durationMs ?? 100;
  return [
    [at, 'createOffer', o.iceRestart ? { iceRestart: true } : {}],
    [at + 5, 'createOfferOnSuccess', { type: 'offer', sdp: created }],
    [at + 6, 'setLocalDescription', { type: 'offer', sdp: o.applied ?? created }],
    [at + 7, 'onsignalingstatechange', 'have-local-offer'],
    [at + 8, 'setLocalDescriptionOnSuccess', null],
    [at + duration - 1, 'setRemoteDescription', { type: 'answer', sdp: o.answer ?? answerSdp() }],
    [at + duration, 'onsignalingstatechange', 'stable'],
    [at + duration + 1, 'setRemoteDescriptionOnSuccess', null],
  ];
}

/** ICE checking from `at`, ICE connected `iceMs` later, the connection (DTLS) `dtlsMs` after that. */
export function connects(at: number, iceMs = 100, dtlsMs = 50): LogEntry[] {
  return [
    [at, 'oniceconnectionstatechange', 'checking'],
    [at, 'onconnectionstatechange', 'connecting'],
    [at + iceMs, 'oniceconnectionstatechange', 'connected'],
    [at + iceMs + dtlsMs, 'onconnectionstatechange', 'connected'],
  ];
}

/** ICE and the connection going to `state` at `at` (disconnected, connected, failed). */
export const both = (at: number, state: string): LogEntry[] => [
  [at, 'oniceconnectionstatechange', state],
  [at, 'onconnectionstatechange', state],
];

/** A complete call: negotiated, connected 300 ms after the offer, closed at `closeAt`. */
export const connectedCall = (closeAt = 30_000): LogEntry[] => [
  ...offerAnswer(0),
  ...connects(150),
  [closeAt, 'close', null],
];
