import type { DumpInput } from '../../ingest/input.js';
import type { ReadOptions } from '../../ingest/read-dump.js';
import type { RawSeries, SeriesKind } from '../../model/api/raw-stats.js';
import { downsample, rateOf, valuesOf } from './downsample.js';
import { visitDump } from './sink.js';

export interface SeriesRequest {
  connection: string;
  report: string;
  attribute: string;
  kind: SeriesKind;
}

/** Series that the dump does not have: the request names them. */
export class MissingSeriesError extends Error {
  constructor(readonly missing: SeriesRequest[]) {
    super(
      `The dump has no ${missing
        .map((s) => `${s.attribute} in report ${s.report} of connection ${s.connection}`)
        .slice(0, 3)
        .join(', ')}.`,
    );
  }
}

/**
 * The asked series of a dump, each downsampled to `maxPoints`: read in one pass, keeping only the
 * asked reports' points (a connection's raw series are let go once it has been looked at).
 */
export async function rawStatsSeries(
  input: DumpInput,
  requests: SeriesRequest[],
  maxPoints: number,
  options: ReadOptions,
): Promise<RawSeries[]> {
  const found: (RawSeries | undefined)[] = requests.map(() => undefined);
  const wanted = new Set(requests.map((r) => r.connection));
  await visitDump(
    input,
    {
      peerConnection: (pc) => {
        if (!wanted.has(pc.id)) return;
        requests.forEach((r, i) => {
          if (r.connection !== pc.id || found[i]) return;
          const report = pc.stats.get(r.report);
          const values = report?.values(r.attribute);
          if (!report || !values) return;
          const points = valuesOf(report.timestamps, values);
          const { t, v } = downsample(r.kind === 'rate' ? rateOf(points) : points, maxPoints);
          found[i] = { ...r, samples: report.size, t, v };
        });
      },
    },
    options,
  );
  const missing = requests.filter((_, i) => !found[i]);
  if (missing.length > 0) throw new MissingSeriesError(missing);
  return found as RawSeries[];
}
