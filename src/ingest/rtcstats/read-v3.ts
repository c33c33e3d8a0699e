import type { FormatInfo } from '../../model/dump-format.js';
import type { SessionSink } from '../../model/session-sink.js';
import { unreadable } from '../errors.js';
import { CarryBudget } from './carry-budget.js';
import { decodeMethod } from './compression-tables.js';
import { readRecordLines } from './records.js';
import { FullStatsDecoder, type StatsDecoder, V3StatsDecoder } from './stats-decoders.js';
import { TraceCollector } from './trace-collector.js';

const RECOGNIZED = 'rtcstats dump (file format 3)';

/**
 * `RTCStatsDump` files: rtcstats-js/rtcstats-server traces (compressed method ids, delta-compressed
 * getStats, SDP placeholders) and Chromium's own export (plain method names, full getStats).
 * Line 2 is a metadata object; every later line is `[method, pcId|null, value, ...extra, delta]`
 * where `delta` is ms since the previous record (the first one absolute).
 */
export async function readRtcstatsV3(
  chunks: AsyncIterable<Buffer>,
  sink: SessionSink,
  gzip: boolean,
): Promise<void> {
  const collector = new TraceCollector(sink);
  const decoders = new Map<string, StatsDecoder>();
  const budget = new CarryBudget(RECOGNIZED);
  let metadata: Record<string, unknown> | undefined;
  let time: number | undefined;
  let compressed = false;
  let lastCreatePc: string | null = null;
  await readRecordLines(
    chunks,
    sink,
    RECOGNIZED,
    (value) => {
      if (metadata === undefined) {
        if (!value || typeof value !== 'object' || Array.isArray(value)) {
          throw unreadable('The second line of an RTCStatsDump must be its metadata object.', RECOGNIZED);
        }
        metadata = value as Record<string, unknown>;
        return;
      }
      if (!Array.isArray(value) || value.length < 3) return;
      const delta = value[value.length - 1];
      if (typeof delta === 'number' && Number.isFinite(delta))
        time = time === undefined ? delta : time + delta;
      const rawMethod = value[0];
      if (typeof rawMethod === 'number' || rawMethod === 'g') compressed = true;
      const method = decodeMethod(rawMethod);
      let pcId = typeof value[1] === 'string' ? value[1] : null;
      const payload = value.length >= 4 ? value[2] : undefined;
      const extra = value.slice(3, -1);
      if (method === 'getStats') {
        if (pcId === null) return;
        let decoder = decoders.get(pcId);
        if (!decoder) {
          decoder = rawMethod === 'getStats' ? new FullStatsDecoder() : new V3StatsDecoder(budget);
          decoders.set(pcId, decoder);
        }
        collector.stats(pcId, decoder, payload, time);
        return;
      }
      // Chrome before M145 logged setLocalDescription under "undefined-undefined": it belongs to the
      // connection that just created the description.
      if (pcId === 'undefined-undefined') pcId = lastCreatePc;
      if (pcId === null && method === 'setLocalDescription') return;
      if (method === 'createOfferOnSuccess' || method === 'createAnswerOnSuccess') lastCreatePc = pcId;
      collector.record(method, pcId, payload, extra, time);
    },
    1,
    budget,
  );
  if (metadata === undefined) throw unreadable('This RTCStatsDump has no metadata line.', RECOGNIZED);
  const fileFormat = typeof metadata.fileFormat === 'number' ? metadata.fileFormat : undefined;
  if (fileFormat !== undefined && fileFormat > 3)
    sink.warning(`file format ${fileFormat} is newer than 3; read as format 3`);
  const clientProtocol = typeof metadata.clientProtocol === 'string' ? metadata.clientProtocol : undefined;
  const info: FormatInfo = {
    format: compressed || clientProtocol ? 'rtcstats' : 'chrome-rtcstats',
    ...(fileFormat !== undefined ? { fileFormat } : {}),
    ...(clientProtocol ? { clientProtocol } : {}),
    gzip,
  };
  sink.format(info);
  sink.client({
    userAgent: typeof metadata.userAgent === 'string' ? metadata.userAgent : undefined,
    url: absoluteUrl(metadata.url, metadata.origin),
    origin: typeof metadata.origin === 'string' ? metadata.origin : undefined,
    dumpTime: typeof metadata.startTime === 'number' ? metadata.startTime : undefined,
  });
  collector.finish();
}

/** rtcstats-server stores the path (`/room?x=1`) and the origin apart. */
export function absoluteUrl(url: unknown, origin: unknown): string | undefined {
  if (typeof url !== 'string' || url === '') return undefined;
  if (/^[a-z]+:\/\//i.test(url) || typeof origin !== 'string') return url;
  return origin.replace(/\/$/, '') + (url.startsWith('/') ? url : `/${url}`);
}
