import type { DumpInput } from '../../ingest/input.js';
import type { ReadOptions } from '../../ingest/read-dump.js';
import type { RawConnection, RawReport, RawStatsIndex } from '../../model/api/raw-stats.js';
import { compareText } from '../../model/compare-text.js';
import { type StatsReport, toNumber } from '../../model/stats-report.js';
import { visitDump } from './sink.js';

const epoch = (t: number | undefined): number | null =>
  t === undefined || !Number.isFinite(t) ? null : Math.round(t);

/** A report's attributes: whether each can be plotted, and how many samples recorded it. */
export function describeReport(report: StatsReport): RawReport {
  const attributes: RawReport['attributes'] = [];
  for (const name of report.attributes()) {
    const values = report.values(name);
    if (!values) continue;
    let samples = 0;
    let numeric = true;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === undefined || v === null) continue;
      samples++;
      if (numeric && Number.isNaN(toNumber(v))) numeric = false;
    }
    if (samples > 0) attributes.push({ name, numeric, samples });
  }
  attributes.sort((a, b) => compareText(a.name, b.name));
  return {
    id: report.id,
    type: report.type,
    samples: report.size,
    start: epoch(report.timestamps[0]),
    end: epoch(report.timestamps[report.size - 1]),
    attributes,
  };
}

/** The explorer's index of a dump: connections, their reports by type, attribute names. */
export async function rawStatsIndex(input: DumpInput, options: ReadOptions): Promise<RawStatsIndex> {
  const index: RawStatsIndex = { format: 'unknown', clientEvents: 0, connections: [] };
  await visitDump(
    input,
    {
      format: (info) => {
        index.format = info.format;
      },
      clientEvent: () => {
        index.clientEvents++;
      },
      peerConnection: (pc) => {
        const reports = [...pc.stats.all()].map(describeReport);
        reports.sort((a, b) => (a.type === b.type ? (a.id < b.id ? -1 : 1) : a.type < b.type ? -1 : 1));
        const connection: RawConnection = {
          id: pc.id,
          url: pc.url ?? null,
          events: pc.events.length,
          reports,
        };
        index.connections.push(connection);
      },
    },
    options,
  );
  return index;
}
