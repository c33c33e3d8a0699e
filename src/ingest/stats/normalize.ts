import type { RawPeerConnection } from '../../model/peer-connection.js';
import { type StatsReport, StatsStore } from '../../model/stats-report.js';
import {
  mapGoogBwe,
  mapGoogCandidate,
  mapGoogComponent,
  mapGoogPair,
  mapGoogSsrc,
  standardCandidateType,
} from './legacy-goog.js';
import { MappedStatsReport } from './mapped-report.js';

const GOOG_DROPPED = new Set(['googTrack', 'googLibjingleSession', 'googCertificate']);

function isGoogSsrc(r: StatsReport): boolean {
  return r.type === 'ssrc' || (/^ssrc_\d+_(send|recv)$/.test(r.id) && !r.type.endsWith('-rtp'));
}

function isGoogPair(r: StatsReport): boolean {
  return (
    r.type === 'googCandidatePair' ||
    r.has('googActiveConnection') ||
    (r.id.startsWith('Conn-') && r.has('googRtt'))
  );
}

/**
 * Brings a connection's stats to today's standard shape, in place: legacy goog stats and early
 * standard stats (`isRemote` flags, old candidate field names, Firefox's `selected` pairs) become
 * standard types, so analysis reads one vocabulary. Sets `flags.legacyStats` when goog stats were seen.
 */
export function normalizePeerConnectionStats(pc: RawPeerConnection): void {
  const reports = [...pc.stats.all()];
  const goog = reports.some((r) => isGoogSsrc(r) || isGoogPair(r));
  const remoteCandidates = new Set<string>();
  const localCandidates = new Set<string>();
  if (goog) {
    for (const r of reports) {
      if (!isGoogPair(r) && r.type !== 'candidate-pair') continue;
      const remote = r.last('remoteCandidateId');
      const local = r.last('localCandidateId');
      if (typeof remote === 'string') remoteCandidates.add(remote);
      if (typeof local === 'string') localCandidates.add(local);
    }
  }
  const out = new StatsStore();
  for (const r of reports) {
    for (const mapped of normalizeReport(r, goog, localCandidates, remoteCandidates)) out.set(mapped);
  }
  // Replace the store's content (the object is shared with the connection).
  const store = pc.stats as StatsStore;
  for (const r of reports) store.delete(r.id);
  for (const r of out.all()) store.set(r);
  if (goog) pc.flags.legacyStats = true;
}

function normalizeReport(
  r: StatsReport,
  goog: boolean,
  locals: Set<string>,
  remotes: Set<string>,
): StatsReport[] {
  if (GOOG_DROPPED.has(r.type)) return [];
  if (isGoogSsrc(r)) return mapGoogSsrc(r);
  if (isGoogPair(r)) return [mapGoogPair(r)];
  if (r.type === 'VideoBwe' || r.id === 'bweforvideo') return [mapGoogBwe(r)];
  if (r.type === 'googComponent') return [mapGoogComponent(r)];
  if (r.has('ipAddress') && r.has('portNumber')) {
    const side =
      r.type === 'remote-candidate' || remotes.has(r.id)
        ? 'remote-candidate'
        : r.type === 'local-candidate' || locals.has(r.id)
          ? 'local-candidate'
          : undefined;
    return side ? [mapGoogCandidate(r, side)] : [];
  }
  if (r.type === 'googCandidate') return [];
  if ((r.type === 'inbound-rtp' || r.type === 'outbound-rtp') && r.has('isRemote')) {
    // Early standard stats: with goog stats present they duplicate the goog ssrc reports.
    if (goog) return [];
    const remote = r.last('isRemote') === true || r.last('isRemote') === 'true';
    if (!remote) return [r];
    return [
      new MappedStatsReport(
        r.id,
        r.type === 'inbound-rtp' ? 'remote-inbound-rtp' : 'remote-outbound-rtp',
        r,
        {},
      ),
    ];
  }
  if (r.type === 'transport' && goog && r.id.startsWith('transport_')) return [];
  if ((r.type === 'local-candidate' || r.type === 'remote-candidate') && !r.has('address') && r.has('ip')) {
    return [new MappedStatsReport(r.id, r.type, r, { address: { from: 'ip' } })];
  }
  if ((r.type === 'local-candidate' || r.type === 'remote-candidate') && r.has('candidateType')) {
    const t = r.last('candidateType');
    if (typeof t === 'string' && standardCandidateType(t) !== t) {
      return [
        new MappedStatsReport(r.id, r.type, r, {
          candidateType: { from: 'candidateType', map: standardCandidateType },
        }),
      ];
    }
  }
  return [r];
}
