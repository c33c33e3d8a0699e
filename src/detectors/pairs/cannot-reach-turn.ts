import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';
import {
  candidateErrors,
  distinctUrls,
  isLookupFailure,
  onTurn,
  relayGathered,
  unreachableText,
  withTurn,
} from './candidate-errors.js';

/** ICE candidate error 701: the server could not be reached (webrtc-pc). */
const UNREACHABLE = 701;

/** TURN server unreachable (error 701: no answer to the allocate request). */
export default defineDetector({
  meta: {
    type: 'cannotReachTurn',
    title: 'Cannot reach TURN server',
    severities: ['high', 'medium', 'low'],
    tags: ['network', 'connectivity'],
    category: 'pairs',
    description:
      'Requests to a TURN server got no answer, or its name did not resolve (ICE candidate error 701 covers both; the error text tells a DNS lookup failure): the server is down, the port is blocked by a firewall, or DNS points to the wrong place. High when no relay candidate was gathered and the connection failed; low when another TURN transport worked.',
    remedy:
      "Check the TURN server is up and reachable on the configured ports (3478 UDP/TCP, 443 TLS) from the user's network, and that the hostname resolves.",
    thresholds: [{ name: 'error code', value: UNREACHABLE, source: SOURCES.webrtcPcIceError }],
    related: ['cannotReachStun', 'turnNoConfig', 'iceFailure'],
  },
  // Without a TURN server there is nothing to be unreachable.
  applies: (session) => session.connections.some(withTurn),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const errors = candidateErrors(pc, (e) => onTurn(e) && e.errorCode === UNREACHABLE);
      if (errors.length === 0) return [];
      const relay = relayGathered(pc);
      const urls = distinctUrls(errors);
      const severity = relay ? 'low' : pc.lifecycle.failed && !pc.lifecycle.everConnected ? 'high' : 'medium';
      return [
        {
          severity,
          source: { pid: pc.id },
          firstSeenAt: errors[0]!.at,
          ...(urls[0] ? { url: urls[0] } : {}),
          valueInCount: errors.length,
          indicators: {
            errors: errors.length,
            servers: urls.join(' ') || null,
            relayGathered: relay,
            dnsFailures: errors.filter(isLookupFailure).length,
          },
          meaning: `${unreachableText(errors, 'TURN')}${relay ? '; another TURN transport worked' : '; no relay candidate was gathered'}.`,
        },
      ];
    }),
});
