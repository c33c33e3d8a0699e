import { callClock } from '../../computed/call-times.js';
import { type Episode, flagEpisodes } from '../../computed/episodes.js';
import type { CandidatePair } from '../../computed/ice-transport.js';
import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import { activeFrom } from '../../computed/stream-samples.js';
import { type Detector, defineDetector, type Finding } from '../detector.js';
import { quarterKey } from '../quarter-key.js';
import { ms, severitySteps, stepSeverity } from '../severity.js';
import { SOURCES } from '../sources.js';

const THRESHOLDS = {
  /** A stretch in which nothing arrived on the connection for this long is an interruption. */
  minimumMs: 2_000,
  medium: 2_000,
  high: 5_000,
  /** Gaps this close are one interruption (a few packets slipping through do not end it). */
  mergeGapMs: 2_000,
  /** Below this the connection received nothing but stray packets (consent checks). */
  silentKbps: 0.5,
  /**
   * A path that goes away turns ICE `disconnected` within seconds (6 s on chromium156/outage): a
   * silence longer than this with ICE still connected had its consent checks answered, so the path
   * was there and the sender was quiet (jitsi's bridge connection while a P2P one carries the call).
   */
  consentMs: 10_000,
} as const;

/** What an interruption of the connection brings about while it lasts and just after. */
const CONSEQUENCES = [
  'connectionChurn',
  'networkLossIn',
  'networkLossOut',
  'networkAudioLossIn',
  'networkAudioLossOut',
  'networkVideoLossIn',
  'networkVideoLossOut',
  'audioInterruptions',
  'audioConcealment',
  'highFreezeDuration',
  'framesDropped',
  'lowFrameRate',
  'resolutionDrop',
  'nackStorm',
  'pliStorm',
  'highRetransmissions',
  'bandwidthLimitation',
  'lowBandwidthEstimate',
  'delaysSendingMedia',
  'speakerDelay',
  'remoteMediaStopped',
  'videoPaused',
  // Packets held back during the gap arrive out of order, and NACKs pile up, as it ends.
  'networkReorderingIn',
  'networkReorderingOut',
  'networkCongestionIn',
  'networkCongestionOut',
];

/**
 * The connection stopped carrying anything for seconds and came back: ICE went to `disconnected`
 * and back, or every stream and the transport itself received nothing while media flowed before
 * and after. A failed connection is `connectionLost`; this is the gap the users lived through.
 */
const detector: Detector = defineDetector({
  meta: {
    type: 'connectionInterrupted',
    title: 'Connection interrupted',
    severities: ['high', 'medium'],
    tags: ['connectivity', 'network', 'inbound', 'outbound'],
    category: 'connections',
    description:
      'Nothing arrived on the connection for a while and then it resumed: the network path went away (Wi-Fi roam, a network change, an outage) and came back. Media froze and went silent for the whole gap; the loss, concealment, freezes and the slow bitrate recovery around it are its consequences.',
    remedy:
      'Look for what changed on the network at that moment (Wi-Fi roaming, power saving, a VPN reconnecting, a cellular handover). An app can shorten such gaps by restarting ICE after a few seconds of `disconnected`.',
    thresholds: [
      {
        name: 'minimum',
        value: THRESHOLDS.minimumMs,
        unit: 'ms with nothing received',
        source: 'callscope: two stats intervals, as for every episode',
      },
      { name: 'medium', value: THRESHOLDS.medium, unit: 'ms', source: SOURCES.webrtcPc },
      {
        name: 'high',
        value: THRESHOLDS.high,
        unit: 'ms',
        source: 'W3C webrtc-pc: consent freshness declares `disconnected` after about 5 s without answers',
      },
      {
        name: 'merge gap',
        value: THRESHOLDS.mergeGapMs,
        unit: 'ms: gaps closer than this are one interruption',
        source: 'callscope: a few packets slipping through a failing path do not end the interruption',
      },
      {
        name: 'consent',
        value: THRESHOLDS.consentMs,
        unit: 'ms: a longer silence counts only from this long before ICE went disconnected',
        source:
          'callscope: ICE went disconnected 6 s after the path was cut on chromium156/outage; a quiet sender with the path up never does',
      },
      {
        name: 'silent',
        value: THRESHOLDS.silentKbps,
        unit: 'kbit/s received on the selected pair',
        source: 'callscope: below it only consent checks arrive (RTCP alone is a few kbit/s)',
      },
    ],
    related: ['connectionChurn', 'connectionLost', 'iceRestart'],
    family: 'network',
    explains: CONSEQUENCES,
  },
  applies: (session) => session.connections.some((pc) => pc.lifecycle.everConnected),
  run(session) {
    const at = callClock(session);
    const findings: Finding[] = [];
    for (const pc of session.connections) {
      if (!pc.lifecycle.everConnected) continue;
      const down = disconnections(pc);
      const gaps = merge([...down, ...pathSilences(silences(pc), down)]).filter(
        (e) => e.end - e.start >= THRESHOLDS.minimumMs,
      );
      if (gaps.length === 0) continue;
      const longest = gaps.reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a));
      const longestMs = longest.end - longest.start;
      const severity = stepSeverity(longestMs, steps) ?? 'medium';
      const total = gaps.reduce((sum, e) => sum + (e.end - e.start), 0);
      findings.push({
        severity,
        source: { pid: pc.id },
        side: 'network',
        episodes: gaps,
        valueInCount: gaps.length,
        durationInMs: total,
        maxInMs: longestMs,
        indicators: { interruptions: gaps.length, totalMs: total, longestMs },
        meaning:
          gaps.length === 1
            ? `The connection was interrupted at ${at(longest.start)}: nothing arrived for ${ms(longestMs)}, then it recovered.`
            : `The connection was interrupted ${gaps.length} times, the longest at ${at(longest.start)} for ${ms(longestMs)} (${ms(total)} in all).`,
      });
    }
    return findings;
  },
});

/** The steps run() applies are the severity thresholds of the meta. */
const steps = severitySteps(detector.meta.thresholds);
export default detector;

/** ICE (or the connection) `disconnected` until it was back up. */
function disconnections(pc: PeerConnectionView): Episode[] {
  const out: Episode[] = [];
  for (const timeline of [pc.lifecycle.states.iceConnection, pc.lifecycle.states.connection]) {
    let down: number | undefined;
    for (const change of timeline) {
      if (change.at === undefined) continue;
      if (change.state === 'disconnected') down ??= change.at;
      else if (down !== undefined && (change.state === 'connected' || change.state === 'completed')) {
        out.push({ start: down, end: change.at, peak: change.at - down, peakAt: down });
        down = undefined;
      } else if (change.state !== 'checking') down = undefined;
    }
  }
  return out;
}

/**
 * Stretches in which every RTP stream received nothing and the selected pairs next to nothing,
 * with media arriving before and after. The stretch starts at the last interval that carried
 * media and ends at the first that carried it again.
 */
function silences(pc: PeerConnectionView): Episode[] {
  const inbound = pc.streams.filter((s) => s.direction === 'inbound' && s.series.packetRate);
  if (inbound.length === 0) return [];
  const pairs = pc.ice.pairs.filter((p) => p.selected && p.series.receiveKbps);
  const quarter = quarterKey([...inbound.map((s) => s.t), ...pairs.map((p) => p.t)]);
  const transportSilent = transportSilence(pairs, quarter);
  // Without the transport's own counters, streams that fall idle (the remote muted everything, an
  // app moved the media to another connection) cannot be told from a path that went away.
  if (!transportSilent) return [];
  const receiving = new Map<number, { t: number; packets: number }>();
  for (const s of inbound) {
    const rate = s.series.packetRate!;
    for (let i = Math.max(1, activeFrom(s)); i < s.t.length; i++) {
      if (!Number.isFinite(rate[i]!)) continue;
      const key = quarter(s.t[i]!);
      let bin = receiving.get(key);
      if (!bin) {
        bin = { t: s.t[i]!, packets: 0 };
        receiving.set(key, bin);
      }
      bin.packets += rate[i]!;
    }
  }
  const bins = [...receiving.values()].sort((a, b) => a.t - b.t);
  const t = bins.map((b) => b.t);
  const silent = bins.map((b) => (b.packets <= 0 && transportSilent(b.t) ? 1 : 0));
  const last = silent.lastIndexOf(0);
  const first = silent.indexOf(0);
  // A silence before the first packet or after the last is the call's edge, not an interruption.
  for (let i = 0; i < silent.length; i++) if (i < first || i > last) silent[i] = 0;
  return flagEpisodes(t, silent, { minDurationMs: 0, mergeGapMs: 0 });
}

/**
 * Whether the selected pairs received next to nothing at time t (consent checks only): RTCP alone
 * keeps an idle but healthy transport above the line. Undefined when no selected pair was measured.
 * `quarter` keys the quarter second of a time (quarterKey over the pairs' and the streams' times).
 */
function transportSilence(
  pairs: readonly CandidatePair[],
  quarter: (t: number) => number,
): ((t: number) => boolean) | undefined {
  if (pairs.length === 0) return undefined;
  const index = new Map<number, number>();
  for (const p of pairs) {
    const kbps = p.series.receiveKbps!;
    for (let i = 0; i < p.t.length; i++) {
      if (!Number.isFinite(kbps[i]!)) continue;
      const key = quarter(p.t[i]!);
      index.set(key, Math.max(index.get(key) ?? 0, kbps[i]!));
    }
  }
  if (index.size === 0) return undefined;
  return (t) => {
    const kbps = index.get(quarter(t));
    return kbps !== undefined && kbps <= THRESHOLDS.silentKbps;
  };
}

/**
 * The part of each silence the path is to blame for: all of a short one; of a longer one, only the
 * stretch from the consent window before ICE went disconnected in it, and none without.
 */
function pathSilences(silent: Episode[], down: Episode[]): Episode[] {
  const out: Episode[] = [];
  for (const e of silent) {
    if (e.end - e.start <= THRESHOLDS.consentMs) {
      out.push(e);
      continue;
    }
    const cut = down.find((d) => d.start >= e.start && d.start <= e.end);
    if (!cut) continue;
    const start = Math.max(e.start, cut.start - THRESHOLDS.consentMs);
    out.push({ start, end: e.end, peak: e.end - start, peakAt: start });
  }
  return out;
}

/** Stretches that overlap or nearly touch as one. */
function merge(list: Episode[]): Episode[] {
  const sorted = [...list].sort((a, b) => a.start - b.start);
  const out: Episode[] = [];
  for (const e of sorted) {
    const last = out[out.length - 1];
    if (last && e.start <= last.end + THRESHOLDS.mergeGapMs) {
      last.end = Math.max(last.end, e.end);
      last.peak = last.end - last.start;
    } else out.push({ ...e, peak: e.end - e.start });
  }
  return out;
}
