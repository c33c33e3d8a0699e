import { GDM, GUM } from '../ingest/media-events.js';
import type { TraceEvent } from '../model/trace-event.js';

export interface MediaRequestView {
  api: 'getUserMedia' | 'getDisplayMedia';
  at: number | undefined;
  audio: unknown;
  video: unknown;
  outcome: 'success' | 'failure' | 'unknown';
  completedAt: number | undefined;
  /** Error name (NotAllowedError, NotReadableError, …) and message. */
  errorName?: string;
  errorMessage?: string;
  tracks: { kind: string; id: string; label: string }[];
}

/**
 * getUserMedia / getDisplayMedia calls with their outcome. Results are matched to requests by
 * correlation id when the dump has one, else to the oldest unanswered request of the same API.
 */
export function mediaRequests(events: readonly TraceEvent[]): MediaRequestView[] {
  const out: MediaRequestView[] = [];
  const byId = new Map<string, MediaRequestView>();
  // Unanswered requests of each API, oldest first, from `head` on; answered ones are skipped when
  // they come to the head. A search of every open request per answer is quadratic, and a dump can
  // hold any number of unanswered requests (issue 26).
  const open = { getUserMedia: fifo(), getDisplayMedia: fifo() };
  const answered = new Set<MediaRequestView>();
  for (const e of events) {
    const api = e.type.startsWith(GDM)
      ? 'getDisplayMedia'
      : e.type.startsWith(GUM)
        ? 'getUserMedia'
        : undefined;
    if (!api) continue;
    const correlation = typeof e.extra?.[0] === 'string' ? e.extra[0] : undefined;
    if (e.type === GUM || e.type === GDM) {
      const v = (e.value && typeof e.value === 'object' ? e.value : {}) as Record<string, unknown>;
      const req: MediaRequestView = {
        api,
        at: e.timestamp,
        audio: v.audio ?? null,
        video: v.video ?? null,
        outcome: 'unknown',
        completedAt: undefined,
        tracks: [],
      };
      out.push(req);
      open[api].items.push(req);
      if (correlation) byId.set(correlation, req);
      continue;
    }
    let req = correlation ? byId.get(correlation) : undefined;
    req ??= oldestOpen(open[api], answered);
    if (!req) {
      req = {
        api,
        at: undefined,
        audio: null,
        video: null,
        outcome: 'unknown',
        completedAt: undefined,
        tracks: [],
      };
      out.push(req);
    }
    req.completedAt = e.timestamp;
    const v = (e.value && typeof e.value === 'object' ? e.value : {}) as Record<string, unknown>;
    if (e.type.endsWith('OnSuccess')) {
      req.outcome = 'success';
      if (Array.isArray(v.tracks)) req.tracks = v.tracks as MediaRequestView['tracks'];
    } else if (e.type.endsWith('OnFailure')) {
      req.outcome = 'failure';
      if (typeof v.name === 'string') req.errorName = v.name;
      if (typeof v.message === 'string') req.errorMessage = v.message;
    }
    answered.add(req);
  }
  return out;
}

interface Fifo {
  items: MediaRequestView[];
  head: number;
}

const fifo = (): Fifo => ({ items: [], head: 0 });

/** The oldest request of `queue` not answered yet (still unknown), or undefined. */
function oldestOpen(queue: Fifo, answered: ReadonlySet<MediaRequestView>): MediaRequestView | undefined {
  while (queue.head < queue.items.length) {
    const req = queue.items[queue.head]!;
    if (!answered.has(req) && req.outcome === 'unknown') return req;
    queue.head++;
  }
  return undefined;
}
