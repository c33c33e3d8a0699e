import type { Config, Plan } from '../config/config.js';
import { isLoopbackHost } from '../config/warnings.js';

/** Public links of a stored session (reference.md): dashboard page, and embed page on enterprise. */
export function sessionLinks(
  siteUrl: string,
  sessionId: string,
  plan: Plan,
  embedToken: () => Promise<string>,
): Promise<{ callscopeUrl: string; embedUrl?: string }> {
  const callscopeUrl = `${siteUrl}/sessions/${sessionId}`;
  if (plan !== 'enterprise') return Promise.resolve({ callscopeUrl });
  return embedToken().then((token) => ({ callscopeUrl, embedUrl: `${siteUrl}/embed/${token}` }));
}

export const shareUrl = (siteUrl: string, publicLink: string) => `${siteUrl}/share/${publicLink}`;

/** What siteUrl needs of a request when CALLSCOPE_SITE_URL is unset. */
export interface RequestOrigin {
  /** http or https (X-Forwarded-Proto only from a trusted proxy). */
  protocol: string;
  /** The Host asked for (X-Forwarded-Host only from a trusted proxy): whatever the client wrote. */
  host: string | undefined;
  /** The address and port the connection reached on this server, when there is a socket. */
  localAddress: string | undefined;
  localPort: number | undefined;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The public site URL: CALLSCOPE_SITE_URL, else this server's own origin. The Host of a request is
 * the client's to write, so it goes into a URL only when CALLSCOPE_ALLOWED_HOSTS lists it (or,
 * with that unset, when it is a loopback name and the service listens on loopback): otherwise
 * `Host: evil.example` would make callscopeUrl, share, embed and download links point there. Any
 * other request gets the address and port its connection reached, which it cannot choose.
 */
export function siteUrl(config: Config, request: RequestOrigin): string {
  if (config.siteUrl !== undefined) return config.siteUrl;
  const allowed = config.allowedHosts ?? (isLoopbackHost(config.host) ? LOOPBACK_NAMES : []);
  const hostname = hostnameOf(request.host);
  if (hostname !== undefined && allowed.some((h) => h.toLowerCase() === hostname))
    return origin(request.protocol, request.host!);
  if (request.localAddress !== undefined && request.localPort !== undefined) {
    const address = request.localAddress.replace(/^::ffff:(?=\d+\.)/, '');
    return origin(
      request.protocol,
      `${address.includes(':') ? `[${address}]` : address}:${request.localPort}`,
    );
  }
  // No socket (requests injected in tests): the configured address.
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return origin(request.protocol, `${host.includes(':') ? `[${host}]` : host}:${config.port}`);
}

function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}

/** `protocol://host` as a URL's origin: lowercase, default port left out. */
function origin(protocol: string, host: string): string {
  return new URL(`${protocol === 'https' ? 'https' : 'http'}://${host}`).origin;
}
