import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import type { CandidateError } from '../../computed/signaling.js';
import { iceServerUrls, isStunUrl, isTurnUrl } from './ice-servers.js';

/** ICE candidate errors of a connection, optionally filtered by code and URL scheme. */
export function candidateErrors(
  pc: PeerConnectionView,
  match: (e: CandidateError) => boolean,
): CandidateError[] {
  return pc.signaling.candidateErrors.filter(match);
}

export const onTurn = (e: CandidateError): boolean => e.url === undefined || /^turns?:/i.test(e.url);
export const onStun = (e: CandidateError): boolean => e.url !== undefined && /^stuns?:/i.test(e.url);

export function distinctUrls(errors: readonly CandidateError[]): string[] {
  return [...new Set(errors.map((e) => e.url).filter((u): u is string => !!u))];
}

/**
 * The connection was given a TURN server (or reported an error from one): only then can TURN
 * errors, or their absence, be told.
 */
export const withTurn = (pc: PeerConnectionView): boolean =>
  iceServerUrls(pc).some(isTurnUrl) || pc.signaling.candidateErrors.some(onTurn);

/** The connection was given a STUN server (or reported an error from one). */
export const withStun = (pc: PeerConnectionView): boolean =>
  iceServerUrls(pc).some(isStunUrl) || pc.signaling.candidateErrors.some(onStun);

/** A relay candidate was gathered (announced by the application or known to the stats). */
export const relayGathered = (pc: PeerConnectionView): boolean =>
  pc.signaling.localCandidates.some((c) => c.type === 'relay') ||
  pc.ice.localCandidates.some((c) => c.type === 'relay');
