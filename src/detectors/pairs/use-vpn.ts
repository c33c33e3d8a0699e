import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';
import { selectedLocals } from './relay.js';

/** The path in use leaves through a VPN adapter. */
export default defineDetector({
  meta: {
    type: 'useVpn',
    title: 'VPN in use',
    severities: ['low'],
    tags: ['network'],
    category: 'pairs',
    description:
      'The selected local candidate is on a VPN interface (Chrome reports `vpn` / networkAdapterType on candidates). VPNs add delay, often force TCP, and some drop UDP under load — a common source of poor quality.',
    remedy: 'Ask the user to try without the VPN, or configure split tunnelling for the media servers.',
    thresholds: [
      { name: 'local candidate', value: 'vpn true or networkAdapterType vpn', source: SOURCES.webrtcStats },
    ],
    related: ['relayOverTcp'],
  },
  applies: (session) =>
    session.connections.some((pc) =>
      selectedLocals(pc).some(
        (s) =>
          s.local?.vpn !== undefined ||
          s.local?.networkAdapterType !== undefined ||
          s.local?.networkType !== undefined,
      ),
    ),
  run: (session) =>
    session.connections.flatMap((pc) => {
      const hit = selectedLocals(pc).find(
        (s) =>
          s.local?.vpn === true || s.local?.networkAdapterType === 'vpn' || s.local?.networkType === 'vpn',
      );
      if (!hit) return [];
      return [
        {
          severity: 'low' as const,
          source: { pid: pc.id, cpid: hit.pairId },
          firstSeenAt: hit.at,
          indicators: {
            networkAdapterType: hit.local?.networkAdapterType ?? null,
            localType: hit.local?.type ?? null,
          },
          meaning: `Connection ${pc.id} sent its media through a VPN interface.`,
        },
      ];
    }),
});
