import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';
import {
  candidateErrors,
  distinctUrls,
  isLookupFailure,
  onStun,
  unreachableText,
  withStun,
} from './candidate-errors.js';

/** ICE candidate error 701: the server could not be reached (webrtc-pc). */
const UNREACHABLE = 701;

/** STUN server unreachable (701): no server-reflexive candidate from it. */
export default defineDetector({
  meta: {
    type: 'cannotReachStun',
    title: 'Cannot reach STUN server',
    severities: ['low'],
    tags: ['network', 'configuration'],
    category: 'pairs',
    description:
      'A STUN server did not answer binding requests, or its name did not resolve (ICE candidate error 701 covers both; the error text tells a DNS lookup failure), so the client could not learn its public address from it. Direct connections across NATs get harder; TURN or peer-reflexive candidates may still work.',
    remedy:
      'Check the STUN server is up and UDP to it is allowed; remove dead servers from the configuration (each dead one slows gathering).',
    thresholds: [{ name: 'error code', value: UNREACHABLE, source: SOURCES.webrtcPcIceError }],
    related: ['cannotReachTurn'],
  },
  // Without a STUN server there is nothing to be unreachable.
  applies: (session) => session.connections.some(withStun),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const errors = candidateErrors(pc, (e) => onStun(e) && e.errorCode === UNREACHABLE);
      if (errors.length === 0) return [];
      const urls = distinctUrls(errors);
      return [
        {
          severity: 'low' as const,
          source: { pid: pc.id },
          firstSeenAt: errors[0]!.at,
          ...(urls[0] ? { url: urls[0] } : {}),
          valueInCount: errors.length,
          indicators: {
            errors: errors.length,
            servers: urls.join(' '),
            dnsFailures: errors.filter(isLookupFailure).length,
          },
          meaning: `${unreachableText(errors, 'STUN')}.`,
        },
      ];
    }),
});
