import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';
import { candidateErrors, distinctUrls, onTurn, withTurn } from './candidate-errors.js';

/** The TURN server refused the credentials (401/441): no relay candidates from it. */
export default defineDetector({
  meta: {
    type: 'turnAuthenticationError',
    title: 'TURN authentication error',
    severities: ['high'],
    tags: ['configuration', 'connectivity'],
    category: 'pairs',
    description:
      'The TURN server answered 401 Unauthorized or 441 Wrong Credentials to the allocation request: the username/credential given in iceServers were wrong or expired. No relay candidate comes from that server, so users who need a relay cannot connect.',
    remedy:
      'Check how TURN credentials are generated (shared secret, clock, expiry) and that they are fetched fresh for every call.',
    thresholds: [{ name: 'error codes', value: '401, 441', source: SOURCES.rfc8656 }],
    related: ['turnClientError', 'cannotReachTurn'],
  },
  applies: (session) => session.connections.some(withTurn),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const errors = candidateErrors(pc, (e) => onTurn(e) && (e.errorCode === 401 || e.errorCode === 441));
      if (errors.length === 0) return [];
      const urls = distinctUrls(errors);
      return [
        {
          severity: 'high' as const,
          source: { pid: pc.id },
          firstSeenAt: errors[0]!.at,
          ...(urls[0] ? { url: urls[0] } : {}),
          valueInCount: errors.length,
          indicators: {
            errors: errors.length,
            errorCode: errors[0]!.errorCode ?? null,
            servers: urls.join(' ') || null,
          },
          meaning: `The TURN server${urls.length ? ` ${urls.join(', ')}` : ''} rejected the credentials (${errors[0]!.errorCode}).`,
        },
      ];
    }),
});
