import type { RawPeerConnection } from '../model/peer-connection.js';
import type { StatsReport, StatsStore } from '../model/stats-report.js';
import { relayProtocolOf } from './ice-candidate.js';
import { packSeries } from './packed-series.js';
import { pairById } from './pair-lookup.js';
import { dropLegacyRttWarmup } from './pair-rtt.js';
import { lastNumber } from './report-values.js';
import { lastFinite, ratePerSecond, scaled } from './series-math.js';
import { type StringAt, stringReaders } from './strings-at.js';
import {
  buildDataChannel,
  buildTransport,
  type DataChannelStats,
  type TransportInfo,
} from './transport-stats.js';

export { selectedPairRtts } from './pair-rtt.js';
export type { DataChannelStats, TransportInfo } from './transport-stats.js';
export { changes } from './transport-stats.js';

export interface CandidateInfo {
  id?: string;
  type?: string;
  protocol?: string;
  address?: string;
  port?: number;
  relayProtocol?: string;
  url?: string;
  networkType?: string;
  networkAdapterType?: string;
  vpn?: boolean;
  priority?: number;
}

export interface CandidatePair {
  id: string;
  state?: string;
  nominated: boolean;
  /** Selected at some point of the call. */
  selected: boolean;
  local?: CandidateInfo;
  remote?: CandidateInfo;
  t: ArrayLike<number>;
  totals: Partial<
    Record<
      | 'bytesSent'
      | 'bytesReceived'
      | 'packetsSent'
      | 'packetsReceived'
      | 'requestsSent'
      | 'responsesReceived'
      | 'requestsReceived'
      | 'responsesSent'
      | 'consentRequestsSent',
      number
    >
  >;
  series: Partial<
    Record<
      'rttMs' | 'availableOutgoingKbps' | 'availableIncomingKbps' | 'sendKbps' | 'receiveKbps',
      Float64Array
    >
  >;
}

export interface SelectedPairChange {
  at: number;
  pairId: string;
  /** The pair's candidates when it was selected (a peer-reflexive remote may be learned later). */
  local?: CandidateInfo;
  remote?: CandidateInfo;
}

export interface IceTransports {
  pairs: CandidatePair[];
  /** Selected candidate pair over time, in order; empty when no pair was ever selected. */
  selected: SelectedPairChange[];
  transports: TransportInfo[];
  dataChannels: DataChannelStats[];
  /** Candidates the stats know of (gathered locally, learned from the peer). */
  localCandidates: CandidateInfo[];
  remoteCandidates: CandidateInfo[];
  /** Estimated send bandwidth over time (selected pair, or legacy bandwidth estimate). */
  bandwidth?: { t: ArrayLike<number>; availableOutgoingKbps: Float64Array };
  /** Number of stats polls recorded for the connection. */
  samples: number;
}

export function iceTransports(pc: RawPeerConnection): IceTransports {
  const store = pc.stats;
  const pairs: CandidatePair[] = [];
  for (const r of store.ofType('candidate-pair')) pairs.push(buildPair(r, store));
  if (pc.flags.legacyStats) for (const p of pairs) if (p.series.rttMs) dropLegacyRttWarmup(p.series.rttMs);
  for (const p of pairs) packSeries(p.series);
  const transports = store.ofType('transport').map(buildTransport);
  const selected = selectedHistory(store, pairs);
  // Each pair's candidate ids are read at every change that selects it: one reader per attribute.
  const stringAt = stringReaders();
  for (const change of selected) {
    const pair = pairById(pairs, change.pairId);
    if (pair) pair.selected = true;
    const report = store.get(change.pairId);
    if (report) {
      const at = { time: change.at, read: stringAt };
      const localId = stringAt(report, 'localCandidateId', change.at);
      const remoteId = stringAt(report, 'remoteCandidateId', change.at);
      const local = candidateInfo(store.get(localId), report, 'local', at);
      const remote = candidateInfo(store.get(remoteId), report, 'remote', at);
      if (local) change.local = local;
      if (remote) change.remote = remote;
    }
  }
  const dataChannels = store.ofType('data-channel').map(buildDataChannel);
  let samples = 0;
  for (const r of store.all()) samples = Math.max(samples, r.size);
  const localCandidates = store.ofType('local-candidate').map((c) => candidateInfo(c, c, 'local')!);
  const remoteCandidates = store.ofType('remote-candidate').map((c) => candidateInfo(c, c, 'remote')!);
  const out: IceTransports = {
    pairs,
    selected,
    transports,
    dataChannels,
    localCandidates,
    remoteCandidates,
    samples,
  };
  const bandwidth = bandwidthSeries(store, pairs, selected);
  if (bandwidth) out.bandwidth = bandwidth;
  return out;
}

function buildPair(r: StatsReport, store: StatsStore): CandidatePair {
  const t = r.timestamps;
  const pair: CandidatePair = {
    id: r.id,
    nominated: r.last('nominated') === true,
    selected: false,
    t,
    totals: {},
    series: {},
  };
  const state = r.last('state');
  if (typeof state === 'string') pair.state = state;
  const local = candidateInfo(store.get(str(r.last('localCandidateId'))), r, 'local');
  const remote = candidateInfo(store.get(str(r.last('remoteCandidateId'))), r, 'remote');
  if (local) pair.local = local;
  if (remote) pair.remote = remote;
  for (const name of [
    'bytesSent',
    'bytesReceived',
    'packetsSent',
    'packetsReceived',
    'requestsSent',
    'responsesReceived',
    'requestsReceived',
    'responsesSent',
    'consentRequestsSent',
  ] as const) {
    const v = lastNumber(r, name);
    if (v !== undefined) pair.totals[name] = v;
  }
  const rtt = r.numbers('currentRoundTripTime');
  if (rtt && lastFinite(rtt) !== undefined) pair.series.rttMs = scaled(rtt, 1000);
  const out = r.numbers('availableOutgoingBitrate');
  if (out && lastFinite(out) !== undefined) pair.series.availableOutgoingKbps = scaled(out, 1 / 1000);
  const inc = r.numbers('availableIncomingBitrate');
  if (inc && lastFinite(inc) !== undefined) pair.series.availableIncomingKbps = scaled(inc, 1 / 1000);
  const sent = r.numbers('bytesSent');
  if (sent) pair.series.sendKbps = ratePerSecond(sent, t, 8 / 1000);
  const received = r.numbers('bytesReceived');
  if (received) pair.series.receiveKbps = ratePerSecond(received, t, 8 / 1000);
  return pair;
}

/**
 * What the stats say of one end of a pair: its candidate report, or for legacy goog pairs the
 * pair's own fields, read at the time `at` gives (their last values without it).
 */
function candidateInfo(
  c: StatsReport | undefined,
  pair: StatsReport,
  side: 'local' | 'remote',
  at?: { time: number; read: StringAt },
): CandidateInfo | undefined {
  if (c) {
    const info: CandidateInfo = { id: c.id };
    const type = c.last('candidateType');
    const protocol = c.last('protocol');
    const address = c.last('address') ?? c.last('ip');
    const port = Number(c.last('port'));
    const priority = Number(c.last('priority'));
    const url = c.last('url');
    if (typeof type === 'string') info.type = type;
    if (typeof protocol === 'string') info.protocol = protocol.toLowerCase();
    if (typeof address === 'string') info.address = address;
    if (Number.isFinite(port)) info.port = port;
    if (Number.isFinite(priority)) info.priority = priority;
    if (typeof url === 'string' && url !== '') info.url = url;
    for (const key of ['networkType', 'networkAdapterType'] as const) {
      const v = c.last(key);
      if (typeof v === 'string' && v !== '') info[key] = v;
    }
    const vpn = c.last('vpn');
    if (typeof vpn === 'boolean') info.vpn = vpn;
    if (info.type === 'relay') {
      const relay = relayProtocolOf({
        relayProtocol: c.last('relayProtocol'),
        url: info.url,
        priority: info.priority,
      });
      if (relay) info.relayProtocol = relay;
    }
    return info;
  }
  // Legacy goog pairs describe their ends inline.
  const read = (attr: string): unknown => (at === undefined ? pair.last(attr) : at.read(pair, attr, at.time));
  const address = read(side === 'local' ? 'googLocalAddress' : 'googRemoteAddress');
  const type = read(side === 'local' ? 'localCandidateType' : 'remoteCandidateType');
  if (typeof address !== 'string' && typeof type !== 'string') return undefined;
  const info: CandidateInfo = {};
  if (typeof type === 'string') info.type = type;
  const protocol = read('protocol');
  if (typeof protocol === 'string') info.protocol = protocol.toLowerCase();
  if (typeof address === 'string') {
    const at = address.lastIndexOf(':');
    info.address = at > 0 ? address.slice(0, at).replace(/^\[|\]$/g, '') : address;
    if (at > 0) info.port = Number(address.slice(at + 1));
  }
  return info;
}

/**
 * When each candidate pair was in use: transport.selectedCandidatePairId (Chrome, Safari), the
 * pair's own `selected` flag (Firefox, legacy goog `googActiveConnection`), or failing both the
 * nominated, succeeded pair that carried the most data.
 */
function selectedHistory(store: StatsStore, pairs: readonly CandidatePair[]): SelectedPairChange[] {
  const events: SelectedPairChange[] = [];
  for (const transport of store.ofType('transport')) {
    const ids = transport.values('selectedCandidatePairId');
    if (!ids) continue;
    let last: unknown;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      if (typeof id !== 'string' || id === '' || id === last) continue;
      last = id;
      events.push({ at: transport.timestamps[i]!, pairId: id });
    }
  }
  if (events.length === 0) {
    for (const r of store.ofType('candidate-pair')) {
      const selected = r.values('selected');
      if (!selected) continue;
      let on = false;
      for (let i = 0; i < selected.length; i++) {
        const now = selected[i] === true || selected[i] === 'true';
        if (now && !on) events.push({ at: r.timestamps[i]!, pairId: r.id });
        on = now;
      }
    }
  }
  if (events.length === 0) {
    let best: CandidatePair | undefined;
    for (const p of pairs) {
      if (p.state !== 'succeeded' || !p.nominated) continue;
      const bytes = (p.totals.bytesSent ?? 0) + (p.totals.bytesReceived ?? 0);
      if (!best || bytes > (best.totals.bytesSent ?? 0) + (best.totals.bytesReceived ?? 0)) best = p;
    }
    if (best && best.t.length > 0) events.push({ at: best.t[0]!, pairId: best.id });
  }
  events.sort((a, b) => a.at - b.at);
  return events.filter((e, i) => i === 0 || e.pairId !== events[i - 1]!.pairId);
}

function bandwidthSeries(
  store: StatsStore,
  pairs: readonly CandidatePair[],
  selected: readonly SelectedPairChange[],
): IceTransports['bandwidth'] {
  const last = selected[selected.length - 1];
  const pair = pairs.find((p) => p.id === last?.pairId && p.series.availableOutgoingKbps);
  if (pair?.series.availableOutgoingKbps)
    return { t: pair.t, availableOutgoingKbps: pair.series.availableOutgoingKbps };
  const bwe = store.ofType('bandwidth-estimate')[0];
  const values = bwe?.numbers('availableOutgoingBitrate');
  if (bwe && values && lastFinite(values) !== undefined)
    return { t: bwe.timestamps, availableOutgoingKbps: scaled(values, 1 / 1000) };
  return undefined;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
