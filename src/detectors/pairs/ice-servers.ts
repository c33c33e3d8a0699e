import type { PeerConnectionView } from '../../computed/peer-connection-view.js';

/** Every ICE server URL of a connection's configuration. */
export function iceServerUrls(pc: PeerConnectionView): string[] {
  const servers = pc.configuration?.iceServers;
  if (!Array.isArray(servers)) return [];
  const out: string[] = [];
  for (const server of servers) {
    if (typeof server === 'string') out.push(server);
    else if (server && typeof server === 'object') {
      const urls = (server as { urls?: unknown; url?: unknown }).urls ?? (server as { url?: unknown }).url;
      if (typeof urls === 'string') out.push(urls);
      else if (Array.isArray(urls)) for (const u of urls) if (typeof u === 'string') out.push(u);
    }
  }
  return out;
}

export const isTurnUrl = (url: string): boolean => /^turns?:/i.test(url);
export const isStunUrl = (url: string): boolean => /^stuns?:/i.test(url);

/** Host part of a STUN/TURN URL (`turn:host:port?transport=udp`). */
export function urlHost(url: string): string | undefined {
  const m = /^[a-z]+:(?:\/\/)?(\[[^\]]+\]|[^:?/]+)/i.exec(url);
  return m?.[1]?.replace(/^\[|\]$/g, '');
}

/** Addresses that are not reachable from the internet (RFC 1918, CGN, loopback, link-local, ULA). */
export function isPrivateAddress(host: string): boolean {
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 10 ||
      a === 127 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  const h = host.toLowerCase();
  return h === '::1' || h.startsWith('fe80:') || /^f[cd][0-9a-f]{2}:/.test(h) || h === 'localhost';
}
