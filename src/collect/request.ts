import type { CallIdentity } from './protocols.js';

/** Where collecting clients connect. Below them, the page path the fippo and jitsi clients append. */
export const COLLECT_PATHS = ['/v1.0/collect', '/api/callscope/v1.0/collect'] as const;

/** What the upgrade request of a collecting client says, before anything is verified. */
export interface CollectRequest {
  /** The collect token: first path segment, `?token=`, `?rtcstats-token=` or subprotocol `callscope-token.<token>`. */
  token: string | undefined;
  /** The rest of the path: the page the client runs on (fippo), or the meeting (jitsi). */
  pagePath: string;
  identity: CallIdentity | undefined;
  /** jitsi: `?statsSessionId=` and whether the client says it reconnects. */
  clientKey: string | undefined;
  reconnect: boolean;
}

const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const TOKEN_PROTOCOL = 'callscope-token.';
const MAX_ID = 200;

/** The collect request in `url`, or undefined when the path is not a collect path. */
export function parseCollectRequest(url: string, offered: readonly string[]): CollectRequest | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://collect.invalid');
  } catch {
    return undefined;
  }
  const path = parsed.pathname;
  const base = COLLECT_PATHS.find((p) => path === p || path.startsWith(`${p}/`));
  if (!base) return undefined;
  const segments = path.slice(base.length).split('/').filter(Boolean);
  let token: string | undefined;
  if (segments[0] !== undefined && JWT.test(segments[0])) token = segments.shift();
  const query = parsed.searchParams;
  token ??= query.get('token') ?? query.get('rtcstats-token') ?? undefined;
  token ??= offered.find((p) => p.startsWith(TOKEN_PROTOCOL))?.slice(TOKEN_PROTOCOL.length);
  const id = (name: string) => {
    const v = query.get(name);
    return v && v.length <= MAX_ID ? v : undefined;
  };
  const identity: CallIdentity = {};
  const user = id('user');
  const conference = id('conference');
  const session = id('session');
  if (user) identity.user = user;
  if (conference) identity.conference = conference;
  if (session) identity.session = session;
  const clientKey = id('statsSessionId');
  return {
    token,
    pagePath: segments.length > 0 ? `/${segments.join('/')}` : '/',
    identity: Object.keys(identity).length > 0 ? identity : undefined,
    clientKey: clientKey && /^[A-Za-z0-9_-]+$/.test(clientKey) ? clientKey : undefined,
    reconnect: query.get('isReconnect') === 'true',
  };
}

/**
 * Whether a token limited to `origins` may be used from a page of `origin`. `https://*.example.com`
 * stands for its subdomains (not example.com itself). A limited token needs an Origin header: only
 * browsers send one, and a token meant for a page is no use elsewhere.
 */
export function originAllowed(origins: readonly string[] | null, origin: string | undefined): boolean {
  if (!origins) return true;
  if (!origin) return false;
  const o = origin.toLowerCase();
  return origins.some((allowed) => {
    if (allowed === o) return true;
    const star = allowed.indexOf('://*.');
    if (star === -1) return false;
    const scheme = allowed.slice(0, star + 3);
    const suffix = allowed.slice(star + 4);
    return o.startsWith(scheme) && o.endsWith(suffix) && o.length > scheme.length + suffix.length;
  });
}
