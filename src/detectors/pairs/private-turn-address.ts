import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';
import { iceServerUrls, isPrivateAddress, isTurnUrl, urlHost } from './ice-servers.js';

/** A TURN server configured by a private address: unreachable for users outside that network. */
export default defineDetector({
  meta: {
    type: 'privateTurnAddress',
    title: 'TURN server with a private address',
    severities: ['medium'],
    tags: ['configuration', 'network'],
    category: 'pairs',
    description:
      'An iceServers entry points to a TURN server by a private, loopback or link-local address. Only clients inside that network can reach it; everyone else gets no relay candidate from it.',
    remedy:
      'Publish the TURN server under a public address or hostname; keep private addresses for internal deployments only.',
    thresholds: [
      {
        name: 'address ranges',
        value: '10/8, 172.16/12, 192.168/16, 100.64/10, 127/8, 169.254/16, fc00::/7, fe80::/10',
        source: SOURCES.rfc1918,
      },
    ],
    related: ['cannotReachTurn'],
  },
  applies: (session) => session.connections.some((pc) => iceServerUrls(pc).some(isTurnUrl)),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const urls = iceServerUrls(pc).filter((u) => isTurnUrl(u) && isPrivateAddress(urlHost(u) ?? ''));
      if (urls.length === 0) return [];
      return [
        {
          severity: 'medium' as const,
          source: { pid: pc.id },
          firstSeenAt: pc.lifecycle.firstEventAt,
          url: urls[0]!,
          valueInCount: urls.length,
          indicators: { servers: urls.join(' ') },
          meaning: `Connection ${pc.id} was given a TURN server with a private address: ${urls[0]}.`,
        },
      ];
    }),
});
