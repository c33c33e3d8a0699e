/** Formatting of times, durations and numbers for people. */

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds into the call as m:ss or h:mm:ss. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** A moment relative to the call start, as "+m:ss". */
export function sinceStart(atMs: number, startMs: number, precise = false): string {
  const ms = Math.round(Math.abs(atMs - startMs));
  const sign = atMs < startMs ? '−' : '+';
  // Set-up events come milliseconds apart: the timeline shows them to the millisecond.
  if (!precise) return `${sign}${clock(ms / 1000)}`;
  return `${sign}${clock(Math.floor(ms / 1000))}.${String(ms % 1000).padStart(3, '0')}`;
}

export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return clock(ms / 1000);
}

export function dateTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '–' : d.toLocaleString();
}

export function num(value: unknown, digits = 2): string {
  if (typeof value !== 'number' || !Number.isFinite(value))
    return value === null ? '–' : String(value ?? '–');
  return value.toLocaleString(undefined, { maximumFractionDigits: digits });
}

export function bytes(n: number | null | undefined): string {
  if (n === null || n === undefined) return '–';
  const units = ['B', 'KiB', 'MiB', 'GiB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${num(v, i === 0 ? 0 : 1)} ${units[i]}`;
}

/**
 * camelCase type or key to words: "networkAudioLossIn" → "Network audio loss in", "HTTPServer" →
 * "Http server". A space goes before the last capital of a run followed by a small letter: the
 * lookahead reads two characters where `([A-Z]+)([A-Z][a-z])` gave a run back one capital at a
 * time (quadratic in a long run of capitals).
 */
export function words(key: string): string {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** Connections in the order they were created; ids in natural order ("8-2" before "8-10") on ties. */
export const byCreation = (
  a: { createdAt: number | null; id: string },
  b: { createdAt: number | null; id: string },
) => (a.createdAt ?? 0) - (b.createdAt ?? 0) || a.id.localeCompare(b.id, undefined, { numeric: true });

/** "1 stream", "2 streams": a count with its noun, singular for one. */
export const count = (n: number, noun: string): string => `${n} ${n === 1 ? noun : `${noun}s`}`;

/** DTLS versions as the stats report them: the protocol's hex code ("FEFD"). */
const DTLS_VERSIONS: Record<string, string> = { FEFF: 'DTLS 1.0', FEFD: 'DTLS 1.2', FEFC: 'DTLS 1.3' };

/** "FEFD" → "DTLS 1.2"; a value it does not know is shown as given. */
export function dtlsVersion(code: string): string {
  return DTLS_VERSIONS[code.trim().toUpperCase().replace(/^0X/, '')] ?? code;
}

/**
 * A list filter as the API takes it: the values typed, comma-separated, each trimmed, none empty
 * (the API refuses an empty value, as in "a,,b" or "a,").
 */
export function commaList(text: string): string {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(',');
}
