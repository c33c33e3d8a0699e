/** A plain object (not null, not an array): what an event value must be to have fields. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}
