import type { Description, Signaling } from './signaling.js';

/** A media section's direction, from this client's side (RFC 8866 §6.7). */
export type MediaDirection = 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';

/** What an answer set for each media section, from this client's side, and from when. */
export interface NegotiatedSection {
  mid: string;
  kind: string;
  direction: MediaDirection;
  at: number | undefined;
}

const DIRECTIONS = new Set<string>(['sendrecv', 'sendonly', 'recvonly', 'inactive']);
const REVERSED: Record<MediaDirection, MediaDirection> = {
  sendrecv: 'sendrecv',
  sendonly: 'recvonly',
  recvonly: 'sendonly',
  inactive: 'inactive',
};

/**
 * The directions each completed offer/answer exchange set, in time order: an answer decides what
 * flows (RFC 3264 §6). A local answer says it from this side; a remote answer from the other, so
 * it is reversed (their recvonly is our sendonly). A rejected section (port 0) is inactive.
 */
export function negotiatedSections(signaling: Signaling): NegotiatedSection[][] {
  const answers: { d: Description; local: boolean }[] = [];
  for (const d of signaling.localDescriptions)
    if (d.source === 'setLocalDescription' && d.type === 'answer') answers.push({ d, local: true });
  for (const d of signaling.remoteDescriptions) if (d.type === 'answer') answers.push({ d, local: false });
  answers.sort((a, b) => (a.d.at ?? 0) - (b.d.at ?? 0));
  return answers.map(({ d, local }) =>
    d.summary.sections.flatMap((s) => {
      if (s.mid === undefined) return [];
      const stated = s.direction !== undefined && DIRECTIONS.has(s.direction) ? s.direction : 'sendrecv';
      const direction = s.port === 0 ? 'inactive' : (stated as MediaDirection);
      return [{ mid: s.mid, kind: s.kind, direction: local ? direction : REVERSED[direction], at: d.at }];
    }),
  );
}

/**
 * Whether a media section was ever negotiated to carry media this way ('send': from this client,
 * 'receive': to it); undefined when the dump has no answer that names it (no SDP, or a format
 * without mids), and callers then judge as before.
 */
export function everNegotiated(
  signaling: Signaling,
  mid: string | undefined,
  way: 'send' | 'receive',
): boolean | undefined {
  if (mid === undefined) return undefined;
  let named = false;
  for (const answer of negotiatedSections(signaling)) {
    for (const s of answer) {
      if (s.mid !== mid) continue;
      named = true;
      if (flows(s.direction, way)) return true;
    }
  }
  return named ? false : undefined;
}

/** Whether a connection was negotiated to carry media this way on any section (undefined: unknown). */
export function connectionNegotiated(signaling: Signaling, way: 'send' | 'receive'): boolean | undefined {
  const answers = negotiatedSections(signaling);
  const sections = answers.flat().filter((s) => s.kind === 'audio' || s.kind === 'video');
  if (sections.length === 0) return undefined;
  return sections.some((s) => flows(s.direction, way));
}

/** When a section stopped being negotiated to flow this way after it had been: the answer's time. */
export function negotiatedOffAt(
  signaling: Signaling,
  mid: string | undefined,
  way: 'send' | 'receive',
): number | undefined {
  if (mid === undefined) return undefined;
  let was = false;
  for (const answer of negotiatedSections(signaling)) {
    const s = answer.find((x) => x.mid === mid);
    if (!s) continue;
    if (flows(s.direction, way)) was = true;
    else if (was) return s.at;
  }
  return undefined;
}

export const flows = (direction: MediaDirection, way: 'send' | 'receive'): boolean =>
  direction === 'sendrecv' || direction === (way === 'send' ? 'sendonly' : 'recvonly');
