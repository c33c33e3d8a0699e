import type { SessionSink } from '../../model/session-sink.js';
import { CarryBudget } from './carry-budget.js';
import { decodeMethod } from './compression-tables.js';
import { absoluteUrl } from './read-v3.js';
import { readRecordLines } from './records.js';
import { FullStatsDecoder, LegacyDeltaDecoder, type StatsDecoder } from './stats-decoders.js';
import { TraceCollector } from './trace-collector.js';

/**
 * rtcstats file formats 1 and 2 (the `rtcstats` npm client stored by an rtcstats server) and
 * jitsi rtcstats-server dumps. Both are NDJSON of `[method, pcId|null, value, epochMs(, seq)]`.
 * Formats 1-2 start with a metadata object line; jitsi files start with a `connectionInfo`
 * record (or nothing, before ~2022). The two differ in how absent getStats reports are read.
 */
export async function readLegacyNdjson(
  chunks: AsyncIterable<Buffer>,
  sink: SessionSink,
  gzip: boolean,
  dialect: 'rtcstats-legacy' | 'jitsi-rtcstats',
): Promise<void> {
  const collector = new TraceCollector(sink);
  const decoders = new Map<string, StatsDecoder>();
  const jitsi = dialect === 'jitsi-rtcstats';
  const recognized = jitsi ? 'jitsi rtcstats dump' : 'rtcstats dump (file format 1-2)';
  let fileFormat: number | undefined;
  let clientProtocol: string | undefined;
  let statsFormat: string | undefined;
  const budget = new CarryBudget(recognized);
  await readRecordLines(
    chunks,
    sink,
    recognized,
    (value) => {
      if (!Array.isArray(value)) {
        if (value && typeof value === 'object' && !jitsi) {
          const meta = value as Record<string, unknown>;
          fileFormat = typeof meta.fileFormat === 'number' ? meta.fileFormat : 1;
          sink.client({
            userAgent: typeof meta.userAgent === 'string' ? meta.userAgent : undefined,
            url: absoluteUrl(meta.url ?? meta.path, meta.origin),
            origin: typeof meta.origin === 'string' ? meta.origin : undefined,
            dumpTime: typeof meta.time === 'number' ? meta.time : undefined,
          });
        }
        return;
      }
      if (value.length < 2) return;
      const method = decodeMethod(value[0]);
      const pcId = typeof value[1] === 'string' ? value[1] : null;
      const payload = value[2];
      const time = typeof value[3] === 'number' && Number.isFinite(value[3]) ? value[3] : undefined;
      if (method === 'connectionInfo') {
        const info = typeof payload === 'string' ? safeJson(payload) : payload;
        if (info && typeof info === 'object') {
          const v = info as Record<string, unknown>;
          if (typeof v.clientProtocol === 'string') clientProtocol = v.clientProtocol;
          if (typeof v.statsFormat === 'string') statsFormat = v.statsFormat;
        }
      }
      if (method === 'getStats' || method === 'getstats') {
        if (pcId === null) return;
        let decoder = decoders.get(pcId);
        if (!decoder) {
          decoder = method === 'getStats' ? new FullStatsDecoder() : new LegacyDeltaDecoder(jitsi, budget);
          decoders.set(pcId, decoder);
        }
        collector.stats(pcId, decoder, payload, time);
        return;
      }
      collector.record(method, pcId, payload, [], time);
    },
    0,
    budget,
  );
  sink.format({
    format: dialect,
    ...(fileFormat !== undefined ? { fileFormat } : {}),
    ...(clientProtocol ? { clientProtocol } : {}),
    ...(statsFormat ? { statsFormat } : {}),
    gzip,
  });
  collector.finish();
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
