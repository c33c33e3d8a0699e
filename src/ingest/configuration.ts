/**
 * RTCConfiguration as dumps record it: an object (rtcstats), a JSON string (webrtc-internals M144+)
 * or Chrome's old display form (`{ iceServers: [stun:…, turn:…?transport=udp], iceTransportPolicy:
 * all, bundlePolicy: balanced, … }`). Returns a plain object with credentials removed.
 */
export function parseConfiguration(value: unknown): Record<string, unknown> | undefined {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return sanitizeConfiguration(value as Record<string, unknown>);
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim();
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return sanitizeConfiguration(parsed as Record<string, unknown>);
    }
  } catch {
    // Old display form; parsed below.
  }
  return sanitizeConfiguration(parseDisplayForm(text));
}

function parseDisplayForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let body = text.replace(/^\{\s*/, '').replace(/\s*\}$/, '');
  const servers = /iceServers:\s*\[([^\]]*)\]/.exec(body);
  if (servers) {
    const urls = (servers[1] ?? '')
      .split(',')
      .map((u) => u.trim())
      .filter((u) => u.length > 0);
    out.iceServers = urls.map((url) => ({ urls: [url] }));
    body = body.replace(servers[0], '');
  }
  for (const part of body.split(',')) {
    const at = part.indexOf(':');
    if (at <= 0) continue;
    const key = part.slice(0, at).trim();
    const raw = part
      .slice(at + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (!/^\w+$/.test(key)) continue;
    out[key] = /^-?\d+$/.test(raw) ? Number(raw) : raw === 'true' ? true : raw === 'false' ? false : raw;
  }
  return out;
}

const SECRET_KEYS = new Set(['credential', 'password', 'username', 'credentialType']);

/** Removes TURN credentials (and usernames, which TURN REST APIs fill with user ids) at any depth. */
export function sanitizeConfiguration(config: Record<string, unknown>): Record<string, unknown> {
  const clean = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(clean);
    if (!value || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (SECRET_KEYS.has(key)) continue;
      if (key === 'certificates' && Array.isArray(v)) {
        out.certificates = v.length;
        continue;
      }
      out[key] = clean(v);
    }
    return out;
  };
  return clean(config) as Record<string, unknown>;
}
