import { callCarriers } from '../../computed/side-connection.js';
import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';
import { relayGathered } from './candidate-errors.js';
import { iceServerUrls, isTurnUrl } from './ice-servers.js';

/** No TURN server configured: users behind strict NATs or firewalls cannot connect. */
export default defineDetector({
  meta: {
    type: 'turnNoConfig',
    title: 'No TURN server configured',
    severities: ['high', 'low'],
    tags: ['configuration', 'connectivity'],
    category: 'pairs',
    description:
      'The connection was created without any TURN server, so no relay candidate can exist. Peers behind symmetric NATs, restrictive firewalls or UDP-blocking networks (around 10–20 % of users in practice) cannot connect at all. High when the connection failed without ever connecting, unless it had no audio or video while another connection carried the call (a pre-call test or a network probe).',
    remedy:
      'Configure TURN servers (UDP, TCP and TLS on 443) in the RTCConfiguration iceServers, with short-lived credentials.',
    thresholds: [
      {
        name: 'TURN URLs',
        value: 0,
        unit: 'urls',
        source: `${SOURCES.rtcstatsFeatures} (configured TURN servers)`,
      },
    ],
    related: ['iceFailure', 'cannotReachTurn'],
  },
  // A dump that recorded no configuration cannot tell (legacy and Chrome export of old versions).
  applies: (session) => session.connections.some((pc) => pc.configuration !== undefined),
  run: (session) => {
    const callCarrier = callCarriers(session.connections);
    return session.connections.flatMap((pc) => {
      if (!pc.configuration) return [];
      const urls = iceServerUrls(pc);
      if (urls.some(isTurnUrl) || relayGathered(pc)) return [];
      return [
        {
          severity:
            pc.lifecycle.failed && !pc.lifecycle.everConnected && !callCarrier(pc)
              ? ('high' as const)
              : ('low' as const),
          source: { pid: pc.id },
          firstSeenAt: pc.lifecycle.firstEventAt,
          valueInCount: urls.length,
          indicators: {
            iceServers: urls.length,
            stunServers: urls.filter((u) => /^stuns?:/i.test(u)).length,
            connectionFailed: pc.lifecycle.failed,
          },
          meaning: `Connection ${pc.id} had no TURN server (${urls.length} ICE server URL(s) configured, none TURN).`,
        },
      ];
    });
  },
});
