import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';
import { isPrivateAddress } from './ice-servers.js';

/**
 * A server-reflexive candidate whose address is public (or hidden): not one that a STUN server inside
 * a private network saw, which reveals nothing.
 */
const publicSrflx = (c: { type?: string; address?: string }): boolean =>
  c.type === 'srflx' && !(c.address && isPrivateAddress(c.address));

/** STUN revealed the client's public address (server-reflexive candidate). */
export default defineDetector({
  meta: {
    type: 'publicDiscoveredAddress',
    title: 'Public address discovered',
    severities: ['info'],
    tags: ['network', 'security'],
    category: 'pairs',
    description:
      'STUN gave the client a server-reflexive candidate: its public IP address as seen from the internet, which is shared with the remote peer through signaling. Normal for direct connections; some applications hide it with a relay-only policy for privacy.',
    remedy: 'Nothing to do unless IP privacy is required; then use iceTransportPolicy "relay".',
    thresholds: [{ name: 'candidate type', value: 'srflx', source: SOURCES.webrtcStats }],
    related: ['iceTransportPolicyRelay'],
  },
  applies: (session) =>
    session.connections.some((pc) => pc.signaling.localCandidates.length + pc.ice.localCandidates.length > 0),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const srflx =
        pc.signaling.localCandidates.find(publicSrflx) ?? pc.ice.localCandidates.find(publicSrflx);
      if (!srflx) return [];
      return [
        {
          severity: 'info' as const,
          source: { pid: pc.id },
          firstSeenAt: 'at' in srflx ? (srflx.at as number | undefined) : undefined,
          indicators: { address: srflx.address ?? null },
          meaning: `Connection ${pc.id} discovered its public address${srflx.address && !/^x/.test(srflx.address) ? ` (${srflx.address})` : ''} through STUN.`,
        },
      ];
    }),
});
