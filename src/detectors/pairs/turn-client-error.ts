import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';
import { candidateErrors, distinctUrls, onTurn, relayGathered, withTurn } from './candidate-errors.js';

/** The TURN server refused the request for another client-side reason (4xx other than 401/441). */
export default defineDetector({
  meta: {
    type: 'turnClientError',
    title: 'TURN request refused',
    severities: ['high', 'medium'],
    tags: ['configuration', 'connectivity'],
    category: 'pairs',
    description:
      'The TURN server refused an allocation with a 4xx error other than authentication: 403 Forbidden (peer address not allowed), 437 Allocation Mismatch, 486 Allocation Quota Reached (too many allocations for the user), 442 Unsupported Transport. High when no relay candidate was gathered at all.',
    remedy:
      'Look at the error code: raise per-user allocation quotas (486), allow the peer addresses (403), check the transport requested (442).',
    thresholds: [{ name: 'error codes', value: '400–499 except 401/441', source: SOURCES.rfc8656 }],
    related: ['turnAuthenticationError'],
  },
  applies: (session) => session.connections.some(withTurn),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const errors = candidateErrors(
        pc,
        (e) =>
          onTurn(e) &&
          e.errorCode !== undefined &&
          e.errorCode >= 400 &&
          e.errorCode < 500 &&
          e.errorCode !== 401 &&
          e.errorCode !== 441,
      );
      if (errors.length === 0) return [];
      const relay = relayGathered(pc);
      const codes = [...new Set(errors.map((e) => e.errorCode))];
      const urls = distinctUrls(errors);
      return [
        {
          severity: relay ? ('medium' as const) : ('high' as const),
          source: { pid: pc.id },
          firstSeenAt: errors[0]!.at,
          ...(urls[0] ? { url: urls[0] } : {}),
          valueInCount: errors.length,
          indicators: {
            errors: errors.length,
            errorCodes: codes.join(','),
            errorText: errors[0]!.errorText ?? null,
            relayGathered: relay,
          },
          meaning: `The TURN server refused allocation${codes.length > 1 ? 's' : ''} with ${codes.join(', ')}${errors[0]!.errorText ? ` (${errors[0]!.errorText})` : ''}.`,
        },
      ];
    }),
});
