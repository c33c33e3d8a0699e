import { isDumpError } from '../../ingest/errors.js';
import type { RawEventsResponse, RawSeries, RawStatsIndex } from '../../model/api/raw-stats.js';
import { type EventsRequest, rawEvents } from './events.js';
import { rawStatsIndex } from './index.js';
import { MissingSeriesError, rawStatsSeries, type SeriesRequest } from './series.js';

/** What the explorer asks a worker to read from a stored dump (a local file). */
export type RawStatsTask = { path: string; maxDecompressedBytes: number } & (
  | { kind: 'index' }
  | { kind: 'series'; series: SeriesRequest[]; maxPoints: number }
  | { kind: 'events'; events: EventsRequest }
);

/** The reply as JSON text (the event loop sends it as it is), or why there is none. */
export type RawStatsResult =
  | { ok: true; json: string }
  | { ok: false; kind: 'missing' | 'internal' | string; message: string };

/**
 * Worker entry of the explorer (a named export of the analysis worker): reads the dump and
 * serializes the reply off the event loop.
 */
export async function rawStats(task: RawStatsTask): Promise<RawStatsResult> {
  const options = { maxDecompressedBytes: task.maxDecompressedBytes };
  try {
    let reply: RawStatsIndex | { maxPoints: number; series: RawSeries[] } | RawEventsResponse;
    if (task.kind === 'index') reply = await rawStatsIndex(task.path, options);
    else if (task.kind === 'series')
      reply = {
        maxPoints: task.maxPoints,
        series: await rawStatsSeries(task.path, task.series, task.maxPoints, options),
      };
    else reply = await rawEvents(task.path, task.events, options);
    return { ok: true, json: JSON.stringify(reply) };
  } catch (error) {
    if (error instanceof MissingSeriesError) return { ok: false, kind: 'missing', message: error.message };
    if (isDumpError(error)) return { ok: false, kind: error.kind, message: error.message };
    return { ok: false, kind: 'internal', message: (error as Error).message };
  }
}
