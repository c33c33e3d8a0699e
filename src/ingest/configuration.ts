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
  // No `\s*\}$` nor `iceServers:\s*\[([^\]]*)\]` here: the text comes from the dump, and on a
  // long run of spaces or many `iceServers:[` without a bracket after them such patterns try every
  // start (quadratic: a 1 MB configuration held an analysis for minutes). Same readings, found by hand.
  let body = text.replace(/^\{\s*/, '');
  if (body.endsWith('}')) body = body.slice(0, -1).trimEnd();
  const servers = iceServersOf(body);
  if (servers) {
    const urls = servers.list
      .split(',')
      .map((u) => u.trim())
      .filter((u) => u.length > 0);
    out.iceServers = urls.map((url) => ({ urls: [url] }));
    body = body.replace(servers.whole, '');
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

/** The first `iceServers: [ … ]` of the display form: the whole text and what is between the brackets. */
function iceServersOf(body: string): { whole: string; list: string } | undefined {
  const open = /iceServers:\s*\[/.exec(body);
  if (!open) return undefined;
  const from = open.index + open[0].length;
  const close = body.indexOf(']', from);
  if (close === -1) return undefined;
  return { whole: body.slice(open.index, close + 1), list: body.slice(from, close) };
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
