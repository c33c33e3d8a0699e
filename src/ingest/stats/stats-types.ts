/**
 * Type names of early standard and vendor-prefixed stats, mapped to today's RTCStatsType. A Map:
 * most lookups miss (standard names), and a miss on an object walks its prototype chain too.
 */
const ALIASES = new Map<string, string>([
  ['inboundrtp', 'inbound-rtp'],
  ['outboundrtp', 'outbound-rtp'],
  ['candidatepair', 'candidate-pair'],
  ['localcandidate', 'local-candidate'],
  ['remotecandidate', 'remote-candidate'],
  ['datachannel', 'data-channel'],
  ['remote-inbound-rtp', 'remote-inbound-rtp'],
]);

export function normalizeStatsType(type: unknown): string | undefined {
  if (typeof type !== 'string' || type === '') return undefined;
  return ALIASES.get(type) ?? type;
}
