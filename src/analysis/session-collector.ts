import type { PeerConnectionView } from '../computed/peer-connection-view.js';
import { viewPeerConnection } from '../computed/peer-connection-view.js';
import type { ClientInfo, Identity } from '../model/client-info.js';
import type { FormatInfo } from '../model/dump-format.js';
import { mergeDefined, mergeIdentity, type SessionSink } from '../model/session-sink.js';
import { ColumnarStatsReport } from '../model/stats-columnar.js';
import type { TraceEvent } from '../model/trace-event.js';

/**
 * A sink that reduces each connection to its view as soon as it is read, so the raw series of a
 * connection can be released before the next one is parsed.
 */
export class SessionCollector implements SessionSink {
  formatInfo: FormatInfo = { format: 'webrtc-internals', gzip: false };
  readonly clientInfo: ClientInfo = {};
  readonly identityInfo: Identity = { extra: {} };
  readonly clientEvents: TraceEvent[] = [];
  readonly connections: PeerConnectionView[] = [];
  readonly warnings: string[] = [];
  readonly #maxWarnings = 50;
  readonly #maxViewSamples: number | undefined;

  /** `maxViewSamples`: samples a report that views are built from (default MAX_VIEW_SAMPLES). */
  constructor(maxViewSamples?: number) {
    this.#maxViewSamples = maxViewSamples;
  }

  format(info: FormatInfo): void {
    this.formatInfo = info;
  }

  client(info: ClientInfo): void {
    mergeDefined(this.clientInfo, info);
  }

  identity(ids: Partial<Identity>): void {
    mergeIdentity(this.identityInfo, ids);
  }

  clientEvent(event: TraceEvent): void {
    this.clientEvents.push(event);
  }

  peerConnection(pc: Parameters<SessionSink['peerConnection']>[0]): void {
    const view = viewPeerConnection(pc, this.#maxViewSamples);
    this.connections.push(view);
    if (view.sampled) {
      const { samples, bucketMs, limit } = view.sampled;
      this.warning(
        `${pc.id}: a stats report of ${samples} samples, more than the ${limit} analysis reads at full resolution: its stats were read at ${bucketMs === undefined ? `about one sample in ${Math.ceil(samples / limit)}` : `one sample per ${duration(bucketMs)}`} (totals stay exact)`,
      );
    }
    // webrtc-internals series are decoded while the view is built: report those that were not JSON.
    const invalid: string[] = [];
    for (const r of pc.stats.all())
      if (r instanceof ColumnarStatsReport) for (const a of r.invalid) invalid.push(`${r.id}-${a}`);
    if (invalid.length > 0) {
      const shown = invalid.slice(0, 5).join(', ');
      this.warning(
        `${pc.id}: ${invalid.length} stats series could not be decoded and were skipped (${shown}${invalid.length > 5 ? ', …' : ''})`,
      );
    }
  }

  warning(message: string): void {
    if (this.warnings.length < this.#maxWarnings) this.warnings.push(message);
    else if (this.warnings.length === this.#maxWarnings) this.warnings.push('further warnings omitted');
  }
}

/** A bucket width for people: seconds to a tenth, or milliseconds below a second. */
const duration = (ms: number): string =>
  ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Number(ms.toPrecision(2))} ms`;
