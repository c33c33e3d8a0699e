import Type from 'typebox';
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import { Nullable } from '../model/payload/common.js';
import { ApiError } from '../service/api-error.js';

/** get_stream_series' answer: one stream's chart series, cut to a time window. */
export const StreamSeries = Type.Object({
  callscopeId: Type.String({ format: 'uuid' }),
  stream: Type.String(),
  kind: Type.String(),
  direction: Type.String(),
  fromS: Type.Number({ description: 'Window start, seconds since the call started.' }),
  toS: Type.Number({ description: 'Window end, seconds since the call started.' }),
  t: Type.Array(Type.Integer(), { description: 'Sample times, epoch ms.' }),
  series: Type.Record(Type.String(), Type.Array(Nullable(Type.Number())), {
    description:
      'One array per metric (bitrateKbps, lossPercent, jitterMs, rttMs...), aligned to t; null: not measured.',
  }),
});
export type StreamSeries = Type.Static<typeof StreamSeries>;

export interface SeriesRequest {
  stream: string;
  fromS?: number;
  toS?: number;
  metrics?: readonly string[];
}

/**
 * The samples of `stream` whose time falls in [fromS, toS] seconds since the call started (the
 * whole call by default), for the metrics asked (all by default). A stream or metric the session
 * does not have is not_found, naming what it has.
 */
export function streamSeries(id: string, data: AnalyzeResponseData, request: SeriesRequest): StreamSeries {
  const stream = data.streams[request.stream];
  if (!stream) {
    const keys = Object.keys(data.streams);
    throw new ApiError(
      'not_found',
      `No stream ${request.stream} in this session; it has ${keys.length}: ${keys.slice(0, 30).join(', ')}${keys.length > 30 ? '…' : ''}.`,
    );
  }
  const { t, ...metrics } = stream.series as { t: number[] } & Record<string, (number | null)[]>;
  const start = data.callStart ? Date.parse(data.callStart) : (t[0] ?? 0);
  const fromS = request.fromS ?? 0;
  const toS = request.toS ?? Math.max(0, ((t.at(-1) ?? start) - start) / 1000);
  if (toS < fromS) throw new ApiError('invalid_request', 'toS must not be before fromS.');
  const missing = (request.metrics ?? []).filter((m) => !(m in metrics));
  if (missing.length)
    throw new ApiError(
      'not_found',
      `This stream has no ${missing.join(', ')} series; it has ${Object.keys(metrics).join(', ')}.`,
    );
  const kept = t.flatMap((at, i) => {
    const s = (at - start) / 1000;
    return s >= fromS && s <= toS ? [i] : [];
  });
  const names = request.metrics?.length ? request.metrics : Object.keys(metrics);
  return {
    callscopeId: id,
    stream: request.stream,
    kind: stream.kind,
    direction: stream.direction,
    fromS,
    toS,
    t: kept.map((i) => t[i]!),
    series: Object.fromEntries(names.map((m) => [m, kept.map((i) => metrics[m]![i] ?? null)])),
  };
}
