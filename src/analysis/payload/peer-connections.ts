import { type Column, downsample } from '../../computed/downsample.js';
import { type CandidatePair, selectedPairRtts } from '../../computed/ice-transport.js';
import type { StateChange } from '../../computed/lifecycle.js';
import { pairById } from '../../computed/pair-lookup.js';
import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import type { PeerConnectionSummary } from '../../model/payload/peer-connection-summary.js';
import { candidatePayload, countCandidates } from './candidates.js';
import { distributionFrom, epochOrNull, intOrNull, orNull } from './numbers.js';

export function summarizePeerConnection(view: PeerConnectionView, maxPoints: number): PeerConnectionSummary {
  const { lifecycle: life, signaling: sig, ice } = view;
  const kindOfTrack = trackKinds(view);
  const start = life.firstEventAt ?? view.statsRange?.first;
  const end = life.closedAt ?? maxDefined(life.lastEventAt, view.statsRange?.last);
  const changes = (list: readonly StateChange[]) =>
    list.map((c) => ({ state: c.state, at: epochOrNull(c.at) }));
  const lastState = (list: readonly StateChange[]) => list[list.length - 1]?.state ?? null;
  const localSdp = sig.localDescriptions[sig.localDescriptions.length - 1]?.summary;
  const remoteSdp = sig.remoteDescriptions[sig.remoteDescriptions.length - 1]?.summary;
  const transport = ice.transports.find((t) => t.dtlsState !== undefined) ?? ice.transports[0];
  const selectedPairs = ice.selected.map((s) => {
    const pair = pairById(ice.pairs, s.pairId);
    return {
      at: Math.round(s.at),
      pairId: s.pairId,
      local: candidatePayload(s.local ?? pair?.local),
      remote: candidatePayload(s.remote ?? pair?.remote),
    };
  });
  const current = currentPair(ice.pairs, ice.selected);
  return {
    id: view.id,
    url: orNull(view.url),
    configuration: view.configuration ?? null,
    constraints: view.constraints ?? null,
    createdAt: epochOrNull(start),
    closedAt: epochOrNull(life.closedAt),
    durationMs: start !== undefined && end !== undefined ? Math.round(end - start) : null,
    closed: life.closed,
    states: {
      signaling: changes(life.states.signaling),
      iceConnection: changes(life.states.iceConnection),
      connection: changes(life.states.connection),
      iceGathering: changes(life.states.iceGathering),
      dtls: changes(life.states.dtls),
    },
    finalState: {
      signaling: lastState(life.states.signaling),
      iceConnection: lastState(life.states.iceConnection),
      connection: lastState(life.states.connection),
      iceGathering: lastState(life.states.iceGathering),
    },
    connected: life.everConnected,
    connectedAt: epochOrNull(life.connectedAt),
    iceConnected: life.iceConnected,
    failed: life.failed,
    failedAt: epochOrNull(life.failedAt),
    failedAfterConnected: life.failedAfterConnected,
    disconnections: life.disconnections,
    timings: {
      setupMs: orNull(life.setupTimeMs),
      iceConnectionMs: orNull(life.iceConnectionTimeMs),
      connectionMs: orNull(life.connectionTimeMs),
      gatheringMs: orNull(life.gatheringTimeMs),
    },
    negotiations: sig.negotiations.map((n) => ({
      initiator: n.initiator,
      startedAt: epochOrNull(n.startedAt),
      completedAt: epochOrNull(n.completedAt),
      durationMs: orNull(n.durationMs),
      iceRestart: n.iceRestart,
      ...(n.error ? { error: n.error } : {}),
    })),
    negotiationsCount: sig.negotiations.length,
    pendingNegotiation: sig.pendingNegotiation,
    iceRestarts: sig.iceRestarts,
    apiErrors: life.apiErrors.map((e) => ({ method: e.method, error: e.error, at: epochOrNull(e.at) })),
    candidates: {
      local: countCandidates(sig.localCandidates, ice.localCandidates),
      remote: countCandidates(sig.remoteCandidates, ice.remoteCandidates),
    },
    iceCandidateErrors: sig.candidateErrors.map((e) => ({
      url: orNull(e.url),
      address: orNull(e.address),
      port: intOrNull(e.port),
      errorCode: intOrNull(e.errorCode),
      errorText: orNull(e.errorText),
      at: epochOrNull(e.at),
    })),
    selectedPairs,
    hasStatistics: ice.samples > 0,
    statsSamples: ice.samples,
    sdp:
      localSdp || remoteSdp
        ? {
            bundle: (localSdp ?? remoteSdp)!.bundle,
            rtcpMux: (localSdp ?? remoteSdp)!.sections.every((s) => s.rtcpMux || s.kind === 'application'),
            remoteIceLite: remoteSdp?.iceLite ?? false,
            simulcast: (localSdp?.sections ?? []).some((s) => s.simulcast),
            mediaKinds: (localSdp ?? remoteSdp)!.sections.map((s) => s.kind),
            dtlsSetup: orNull(localSdp?.setup),
            fingerprintAlgorithms: localSdp?.fingerprintAlgorithms ?? [],
          }
        : null,
    dtls: transport
      ? {
          state: orNull(transport.dtlsState),
          role: orNull(transport.dtlsRole),
          tlsVersion: orNull(transport.tlsVersion),
          cipher: orNull(transport.dtlsCipher),
          srtpCipher: orNull(transport.srtpCipher),
        }
      : null,
    tracks: {
      local: sig.localTracks.map((t) => ({
        kind: orNull(t.kind ?? kindOfTrack(t.trackId)),
        trackId: orNull(t.trackId),
      })),
      remote: sig.remoteTracks.map((t) => ({
        kind: orNull(t.kind ?? kindOfTrack(t.trackId)),
        trackId: orNull(t.trackId),
      })),
    },
    dataChannels: ice.dataChannels.map((dc) => ({
      label: orNull(dc.label),
      protocol: orNull(dc.protocol),
      state: orNull(dc.state),
      messagesSent: intOrNull(dc.totals.messagesSent),
      messagesReceived: intOrNull(dc.totals.messagesReceived),
      bytesSent: intOrNull(dc.totals.bytesSent),
      bytesReceived: intOrNull(dc.totals.bytesReceived),
    })),
    roundTripTimeMs: distributionFrom(connectionRtts(view)),
    availableOutgoingBitrateKbps: distributionFrom(ice.bandwidth?.availableOutgoingKbps),
    series: pairSeries(current, maxPoints),
    flags: {
      statsTruncated: view.flags.statsTruncated ?? false,
      lateOpenedSnapshot: view.flags.lateOpenedSnapshot ?? false,
      legacyStats: view.flags.legacyStats ?? false,
      eventTimesEstimated: view.flags.eventTimesEstimated ?? false,
    },
    updateLogEra: orNull(view.flags.updateLogEra),
  };
}

/**
 * Old logs name a transceiver's track without its kind: the stream sending or receiving it knows
 * (the first stream of the track). One map for all the tracks: a search of the streams per track
 * takes time in the product of two numbers a dump sets (issue 26).
 */
function trackKinds(view: PeerConnectionView): (trackId: string | undefined) => string | undefined {
  let kinds: Map<string, string | undefined> | undefined;
  return (trackId) => {
    if (trackId === undefined) return undefined;
    if (!kinds) {
      kinds = new Map();
      for (const s of view.streams)
        if (s.trackId !== undefined && !kinds.has(s.trackId)) kinds.set(s.trackId, s.kind);
    }
    return kinds.get(trackId);
  };
}

/** The pair in use at the end of the call (else the last one selected). */
export function currentPair(
  pairs: readonly CandidatePair[],
  selected: readonly { pairId: string }[],
): CandidatePair | undefined {
  const last = selected[selected.length - 1];
  return last ? pairs.find((p) => p.id === last.pairId) : undefined;
}

function pairSeries(pair: CandidatePair | undefined, maxPoints: number) {
  if (!pair) return { t: [] };
  const columns: Record<string, Column> = {};
  if (pair.series.rttMs) columns.rttMs = { values: pair.series.rttMs, combine: 'mean' };
  if (pair.series.availableOutgoingKbps)
    columns.availableOutgoingKbps = { values: pair.series.availableOutgoingKbps, combine: 'mean' };
  if (pair.series.sendKbps) columns.sendKbps = { values: pair.series.sendKbps, combine: 'mean' };
  if (pair.series.receiveKbps) columns.receiveKbps = { values: pair.series.receiveKbps, combine: 'mean' };
  const chart = downsample(pair.t, columns, maxPoints);
  return { t: chart.t, ...chart.columns };
}

/**
 * Round trip time of a connection: STUN measurements on the selected pair (Chrome, Safari), else
 * RTCP-based ones of its outbound streams (Firefox has no current RTT on candidate pairs).
 */
export function connectionRtts(view: PeerConnectionView): number[] {
  const stun = selectedPairRtts(view.ice);
  if (stun.length > 0) return stun;
  const out: number[] = [];
  for (const s of view.streams) {
    const rtt = s.series.rttMs;
    if (s.direction !== 'outbound' || !rtt) continue;
    for (const v of rtt) if (Number.isFinite(v)) out.push(v);
  }
  return out;
}

function maxDefined(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.max(a, b);
}
