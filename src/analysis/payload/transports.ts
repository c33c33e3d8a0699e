import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import type { TransportSummary } from '../../model/payload/transport-summary.js';
import { candidatePayload } from './candidates.js';
import { distributionFrom, intOrNull, orNull } from './numbers.js';
import { currentPair } from './peer-connections.js';

export function summarizeTransports(view: PeerConnectionView): TransportSummary {
  const { ice } = view;
  return {
    pid: view.id,
    selectedCandidatePairId:
      currentPair(ice.pairs, ice.selected)?.id ?? ice.selected[ice.selected.length - 1]?.pairId ?? null,
    transports: ice.transports.map((t) => ({
      id: t.id,
      dtlsState: orNull(t.dtlsState),
      iceState: orNull(t.iceState),
      dtlsRole: orNull(t.dtlsRole),
      iceRole: orNull(t.iceRole),
      tlsVersion: orNull(t.tlsVersion),
      dtlsCipher: orNull(t.dtlsCipher),
      srtpCipher: orNull(t.srtpCipher),
      selectedCandidatePairChanges: intOrNull(t.selectedCandidatePairChanges),
      bytesSent: intOrNull(t.totals.bytesSent),
      bytesReceived: intOrNull(t.totals.bytesReceived),
    })),
    candidatePairs: ice.pairs.map((p) => ({
      id: p.id,
      state: orNull(p.state),
      nominated: p.nominated,
      selected: p.selected,
      local: candidatePayload(p.local),
      remote: candidatePayload(p.remote),
      bytesSent: intOrNull(p.totals.bytesSent),
      bytesReceived: intOrNull(p.totals.bytesReceived),
      requestsSent: intOrNull(p.totals.requestsSent),
      responsesReceived: intOrNull(p.totals.responsesReceived),
      roundTripTimeMs: distributionFrom(p.series.rttMs),
    })),
  };
}
