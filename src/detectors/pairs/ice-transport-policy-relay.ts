import { defineDetector } from '../detector.js';

/** iceTransportPolicy "relay": only TURN candidates are used, on purpose. */
export default defineDetector({
  meta: {
    type: 'iceTransportPolicyRelay',
    title: 'Relay-only ICE policy',
    severities: ['info'],
    tags: ['configuration', 'connectivity'],
    category: 'pairs',
    description:
      'The connection was configured with `iceTransportPolicy: "relay"`: only TURN relay candidates are gathered and used, typically to hide users\' IP addresses. All media goes through the TURN server, which adds delay and server load.',
    remedy: 'Keep it if IP privacy requires it; otherwise use "all" so direct paths are preferred.',
    thresholds: [
      {
        name: 'iceTransportPolicy',
        value: 'relay',
        source: 'W3C webrtc-pc: RTCConfiguration.iceTransportPolicy (RTCIceTransportPolicy)',
      },
    ],
    related: ['relayOverUdp', 'turnNoConfig'],
  },
  applies: (session) => session.connections.some((pc) => pc.configuration !== undefined),
  run: (session) =>
    session.connections
      .filter((pc) => pc.configuration?.iceTransportPolicy === 'relay')
      .map((pc) => ({
        severity: 'info' as const,
        source: { pid: pc.id },
        firstSeenAt: pc.lifecycle.firstEventAt,
        indicators: { iceTransportPolicy: 'relay' },
        meaning: `Connection ${pc.id} was configured to use TURN relays only.`,
      })),
});
