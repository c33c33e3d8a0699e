import { connectionWeight } from '../computed/connection-weight.js';
import { selectedPairRtts } from '../computed/ice-transport.js';
import type { PeerConnectionView } from '../computed/peer-connection-view.js';
import { callCarriers } from '../computed/side-connection.js';
import { CONNECTIVITY_PENALTIES as P } from './constants.js';

/** A connection that tried ICE: it had candidate pairs or ICE states to judge. */
function attemptedIce(pc: PeerConnectionView): boolean {
  return (
    pc.ice.pairs.length > 0 ||
    pc.lifecycle.states.iceConnection.length > 0 ||
    pc.lifecycle.states.connection.length > 0
  );
}

const step = (value: number | undefined, steps: readonly (readonly [number, number])[]): number => {
  if (value === undefined) return 0;
  for (const [limit, penalty] of steps) if (value >= limit) return penalty;
  return 0;
};

/** 1–5 score of one connection's connectivity. */
export function connectionScore(pc: PeerConnectionView): number {
  const life = pc.lifecycle;
  if (!life.wasUp) return 1;
  let score = 5;
  if (life.failedAfterConnected) {
    const last = life.states.connection.at(-1)?.state ?? life.states.iceConnection.at(-1)?.state;
    score -= last === 'connected' || last === 'completed' ? P.lostRecovered : P.lostNotRecovered;
  }
  score -= Math.min(P.maxDisconnections, life.disconnections * P.perDisconnection);
  score -= Math.min(P.maxIceRestarts, pc.signaling.iceRestarts * P.perIceRestart);
  score -= step(life.iceConnectionTimeMs, P.setup);
  const rtts = selectedPairRtts(pc.ice);
  score -= step(rtts.length ? rtts.reduce((a, b) => a + b, 0) / rtts.length : undefined, P.rtt);
  const selected = pc.ice.selected.at(-1);
  const local = selected?.local ?? pc.ice.pairs.find((p) => p.id === selected?.pairId)?.local;
  if (local?.type === 'relay')
    score -= P.relay[(local.relayProtocol ?? 'udp') as 'udp' | 'tcp' | 'tls'] ?? P.relay.udp;
  else if (local?.protocol === 'tcp') score -= P.directTcp;
  return Math.max(1, Math.min(5, score));
}

/**
 * Connectivity of the session: the score of the connection that carried the most, lowered a little
 * for each other connection that failed. Null when no connection produced a valid candidate pair
 * (none tried ICE, or none got through it), as the specification says; 1 when ICE got through and
 * the connection still failed (DTLS).
 */
export function connectivityScore(connections: readonly PeerConnectionView[]): number | null {
  const tried = connections.filter(attemptedIce);
  if (!tried.some((pc) => pc.lifecycle.wasUp || pc.lifecycle.iceConnected)) return null;
  const connected = tried.filter((pc) => pc.lifecycle.wasUp);
  if (connected.length === 0) return 1;
  const main = [...connected].sort((a, b) => connectionWeight(b) - connectionWeight(a))[0]!;
  // A failed network probe (no media, beside the connection that carried the call) is not a
  // failure of the call: the iceFailure detector rates it medium for the same reason.
  const callCarrier = callCarriers(connections);
  const otherFailures = tried.filter((pc) => pc !== main && pc.lifecycle.failed && !callCarrier(pc)).length;
  const score =
    connectionScore(main) - Math.min(P.maxOtherFailedConnections, otherFailures * P.perOtherFailedConnection);
  return Math.max(1, score);
}
