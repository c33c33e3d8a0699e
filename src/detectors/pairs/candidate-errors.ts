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

/**
 * A 701 whose text says the server's name did not resolve: Chromium reports a failed DNS lookup of
 * a STUN or TURN host as 701 too ("STUN host lookup received error."), and no request was sent.
 */
export const isLookupFailure = (e: CandidateError): boolean => /lookup/i.test(e.errorText ?? '');

/**
 * What went wrong with the servers of these 701 errors, in words: names that did not resolve
 * (a DNS failure) apart from servers that did not answer.
 */
export function unreachableText(errors: readonly CandidateError[], server: 'STUN' | 'TURN'): string {
  const lookup = errors.filter(isLookupFailure);
  const silent = errors.filter((e) => !isLookupFailure(e));
  const parts: string[] = [];
  if (silent.length > 0) {
    const urls = distinctUrls(silent);
    parts.push(`No answer from ${urls.length ? urls.join(', ') : `the ${server} server`} (error 701)`);
  }
  if (lookup.length > 0) {
    const urls = distinctUrls(lookup);
    const what = urls.length ? `The name of ${urls.join(', ')}` : `The ${server} server's name`;
    parts.push(
      `${parts.length ? what.charAt(0).toLowerCase() + what.slice(1) : what} could not be resolved (DNS lookup failed, error 701)`,
    );
  }
  return parts.join('; ');
}

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
