import type { Identity } from '../../model/client-info.js';

/**
 * Application ids a dump carries. rtcstats clients send `identity` records (`{user, conference,
 * session}` in the npm client; jitsi's `{confName, meetingUniqueId, displayName, …}`); clients
 * before 2018 passed them as legacy PC constraints (`rtcStatsClientId`, `rtcStatsConferenceId`…).
 */
export function identityFromRecord(value: unknown): Partial<Identity> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  const pick = (...keys: string[]): string | undefined => {
    for (const k of keys) {
      const x = v[k];
      if (typeof x === 'string' && x !== '') return x;
      if (typeof x === 'number' && Number.isFinite(x)) return String(x);
    }
    return undefined;
  };
  const extra: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (x === null || typeof x === 'object') continue;
    extra[k] = x;
  }
  return {
    userId: pick('user', 'userId', 'displayName', 'endpointId'),
    conferenceId: pick('conference', 'conferenceId', 'confName', 'roomId'),
    sessionId: pick('session', 'sessionId', 'meetingUniqueId'),
    extra,
  };
}

export function identityFromConstraints(value: unknown): Partial<Identity> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const optional = (value as { optional?: unknown }).optional;
  if (!Array.isArray(optional)) return undefined;
  const found: Record<string, unknown> = {};
  for (const entry of optional) {
    if (entry && typeof entry === 'object') {
      for (const [k, v] of Object.entries(entry)) if (k.startsWith('rtcStats')) found[k] = v;
    }
  }
  if (Object.keys(found).length === 0) return undefined;
  const s = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
  return {
    userId: s(found.rtcStatsClientId),
    conferenceId: s(found.rtcStatsConferenceId),
    extra: found,
  };
}
