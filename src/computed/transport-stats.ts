import type { StatsReport } from '../model/stats-report.js';
import type { StateChange } from './lifecycle.js';
import { lastNumber } from './report-values.js';

/** What the transport and data-channel reports of a connection say. */

export interface TransportInfo {
  id: string;
  dtlsState?: string;
  iceState?: string;
  dtlsRole?: string;
  iceRole?: string;
  tlsVersion?: string;
  dtlsCipher?: string;
  srtpCipher?: string;
  selectedCandidatePairChanges?: number;
  dtlsStates: StateChange[];
  totals: Partial<Record<'bytesSent' | 'bytesReceived' | 'packetsSent' | 'packetsReceived', number>>;
}

export interface DataChannelStats {
  id: string;
  label?: string;
  protocol?: string;
  channelId?: number;
  state?: string;
  states: StateChange[];
  firstSeenAt: number;
  lastSeenAt: number;
  totals: Partial<Record<'messagesSent' | 'messagesReceived' | 'bytesSent' | 'bytesReceived', number>>;
}

export function buildTransport(r: StatsReport): TransportInfo {
  const info: TransportInfo = { id: r.id, dtlsStates: changes(r, 'dtlsState'), totals: {} };
  for (const key of [
    'dtlsState',
    'iceState',
    'dtlsRole',
    'iceRole',
    'tlsVersion',
    'dtlsCipher',
    'srtpCipher',
  ] as const) {
    const v = r.last(key);
    if (typeof v === 'string' && v !== '') info[key] = v;
  }
  const changesCount = lastNumber(r, 'selectedCandidatePairChanges');
  if (changesCount !== undefined) info.selectedCandidatePairChanges = changesCount;
  for (const name of ['bytesSent', 'bytesReceived', 'packetsSent', 'packetsReceived'] as const) {
    const v = lastNumber(r, name);
    if (v !== undefined) info.totals[name] = v;
  }
  return info;
}

export function buildDataChannel(r: StatsReport): DataChannelStats {
  const t = r.timestamps;
  const dc: DataChannelStats = {
    id: r.id,
    states: changes(r, 'state'),
    firstSeenAt: t[0]!,
    lastSeenAt: t[t.length - 1]!,
    totals: {},
  };
  const label = r.last('label');
  const protocol = r.last('protocol');
  const state = r.last('state');
  const channelId = Number(r.last('dataChannelIdentifier'));
  if (typeof label === 'string') dc.label = label;
  if (typeof protocol === 'string' && protocol !== '') dc.protocol = protocol;
  if (typeof state === 'string') dc.state = state;
  if (Number.isFinite(channelId)) dc.channelId = channelId;
  for (const name of ['messagesSent', 'messagesReceived', 'bytesSent', 'bytesReceived'] as const) {
    const v = lastNumber(r, name);
    if (v !== undefined) dc.totals[name] = v;
  }
  return dc;
}

/** Value changes of a string attribute over time. */
export function changes(r: StatsReport, attribute: string): StateChange[] {
  const values = r.values(attribute);
  const out: StateChange[] = [];
  if (!values) return out;
  let last: unknown;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== 'string' || v === last) continue;
    out.push({ state: v, at: r.timestamps[i] });
    last = v;
  }
  return out;
}
