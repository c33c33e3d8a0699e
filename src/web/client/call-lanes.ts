import { byCreation } from './format.js';
import type { Observation, PeerConnection, SessionData, StoryLine, Stream } from './types.js';

/**
 * The lanes of the call timeline (call-timeline.ts draws them), from the payload: each connection's
 * states from its state changes and selected pairs, each media track's from its series and the
 * episodes of its observations, and the story's causes on the lane they concern.
 */

export type State =
  | 'connecting'
  | 'connected'
  | 'relayed'
  | 'disconnected'
  | 'failed'
  | 'flowing'
  | 'muted'
  | 'stopped'
  | 'frozen'
  | 'limited';

export const STATE_TEXT: Record<State, string> = {
  connecting: 'connecting',
  connected: 'connected',
  relayed: 'connected through a relay (TURN)',
  disconnected: 'disconnected',
  failed: 'failed',
  flowing: 'media flowing',
  muted: 'muted',
  stopped: 'no media',
  frozen: 'frozen',
  limited: 'quality limited',
};

export interface Segment {
  from: number;
  to: number;
  state: State;
}

export interface Tick {
  at: number;
  kind: 'renegotiated' | 'restarted';
}

export interface Cause {
  line: StoryLine;
  observation: Observation;
}

export interface Lane {
  label: string;
  detail: string;
  segments: Segment[];
  ticks: Tick[];
  causes: Cause[];
}

/** Observation types whose episodes are a state of the track they concern. */
const TRACK_STATES: Record<string, State> = {
  trackMuted: 'muted',
  remoteTrackMuted: 'muted',
  trackStopped: 'stopped',
  remoteMediaStopped: 'stopped',
  highFreezeDuration: 'frozen',
  bandwidthLimitation: 'limited',
  cpuLimitation: 'limited',
  otherLimitation: 'limited',
  encodingLimited: 'limited',
};
/** When two states overlap, the one shown: what matters most to the person on the call. */
const PRIORITY: State[] = ['failed', 'disconnected', 'stopped', 'frozen', 'muted', 'limited', 'relayed'];
const rank = (s: State) => {
  const i = PRIORITY.indexOf(s);
  return i === -1 ? PRIORITY.length : i;
};

const CONNECTION_STATE: Record<string, State | null> = {
  new: 'connecting',
  connecting: 'connecting',
  checking: 'connecting',
  connected: 'connected',
  completed: 'connected',
  disconnected: 'disconnected',
  failed: 'failed',
  closed: null,
};

/** Joins neighbours in the same state, and drops what is outside [start, end]. */
function merge(segments: Segment[], start: number, end: number): Segment[] {
  const out: Segment[] = [];
  for (const s of segments) {
    const from = Math.max(start, s.from);
    const to = Math.min(end, s.to);
    if (!(to > from)) continue;
    const last = out.at(-1);
    if (last && last.state === s.state && from - last.to < 1) last.to = Math.max(last.to, to);
    else out.push({ from, to, state: s.state });
  }
  return out;
}

/** States of a connection, from its connection state (or ICE state) and the selected pair's types. */
function connectionSegments(pc: PeerConnection, end: number): Segment[] {
  const changes = (pc.states.connection.length ? pc.states.connection : pc.states.iceConnection).filter(
    (c): c is { state: string; at: number } => c.at !== null,
  );
  const stop = pc.closedAt ?? end;
  const relayed = pc.selectedPairs
    .map((p, i, all) => ({
      from: p.at,
      to: all[i + 1]?.at ?? stop,
      relay: p.local?.type === 'relay' || p.remote?.type === 'relay',
    }))
    .filter((p) => p.relay);
  const out: Segment[] = [];
  for (const [i, c] of changes.entries()) {
    const state = CONNECTION_STATE[c.state];
    if (!state) continue;
    const from = c.at;
    const to = Math.min(changes[i + 1]?.at ?? stop, stop);
    if (state !== 'connected') {
      out.push({ from, to, state });
      continue;
    }
    // Connected stretches split where the selected pair goes through a TURN server.
    let at = from;
    for (const r of relayed) {
      if (r.to <= at || r.from >= to) continue;
      if (r.from > at) out.push({ from: at, to: r.from, state: 'connected' });
      out.push({ from: Math.max(at, r.from), to: Math.min(to, r.to), state: 'relayed' });
      at = Math.min(to, r.to);
    }
    if (at < to) out.push({ from: at, to, state: 'connected' });
  }
  return out;
}

/**
 * States of a track: media flowing or not from its packet rate (each sample describes the interval
 * that ends at it), frozen from its freeze rate, and the states its observations' episodes give.
 */
function trackSegments(s: Stream, own: Observation[], end: number): Segment[] {
  const { t } = s.series;
  const rate = s.series.packetRate ?? s.series.bitrateKbps;
  const freeze = s.series.freezeMsPerSecond;
  const base: Segment[] = [];
  let started = false;
  for (let i = 1; i < t.length; i++) {
    const r = rate?.[i];
    if (r === null || r === undefined) continue;
    const flowing = r >= 1;
    started ||= flowing;
    // Before the first packet the track has not started: nothing to show.
    if (!started) continue;
    const frozen = (freeze?.[i] ?? 0) > 0;
    base.push({ from: t[i - 1]!, to: t[i]!, state: !flowing ? 'stopped' : frozen ? 'frozen' : 'flowing' });
  }
  const overlays: Segment[] = [];
  for (const o of own) {
    const state = TRACK_STATES[o.type];
    if (!state) continue;
    if (o.episodes?.length) for (const e of o.episodes) overlays.push({ from: e.start, to: e.end, state });
    else if (o.firstSeenAt !== null && state === 'stopped')
      overlays.push({ from: o.firstSeenAt, to: end, state });
  }
  return overlay(base, overlays);
}

/** The base segments with the overlays cut in where they rank higher. */
function overlay(base: Segment[], overlays: Segment[]): Segment[] {
  if (overlays.length === 0) return base;
  const cuts = new Set<number>();
  for (const s of [...base, ...overlays]) cuts.add(s.from).add(s.to);
  const times = [...cuts].sort((a, b) => a - b);
  const out: Segment[] = [];
  for (let i = 0; i + 1 < times.length; i++) {
    const from = times[i]!;
    const to = times[i + 1]!;
    const mid = (from + to) / 2;
    let state: State | undefined;
    for (const s of base) if (s.from <= mid && mid < s.to) state = s.state;
    for (const s of overlays)
      if (s.from <= mid && mid < s.to && (state === undefined || rank(s.state) < rank(state)))
        state = s.state;
    if (state) out.push({ from, to, state });
  }
  return out;
}

function ticksOf(pc: PeerConnection): Tick[] {
  return pc.negotiations
    .map((n, i) => ({ at: n.startedAt ?? n.completedAt, i, restart: n.iceRestart }))
    .filter((n): n is { at: number; i: number; restart: boolean } => n.at !== null && (n.i > 0 || n.restart))
    .map((n) => ({ at: n.at, kind: n.restart ? ('restarted' as const) : ('renegotiated' as const) }));
}

const trackLabel = (s: Stream) => `${s.direction === 'outbound' ? 'Sent' : 'Received'} ${s.kind}`;

/** The lanes of the call, in the order of the charts: each connection, then its tracks. */
export function lanes(d: SessionData, start: number, end: number): Lane[] {
  const causes: Cause[] = d.whatHappened
    .map((line) => ({ line, observation: d.observations[line.observation]! }))
    .filter(
      (c) => c.observation && c.line.atMs !== null && c.line.atMs >= start - 1000 && c.line.atMs <= end,
    );
  const placed = new Set<Cause>();
  const take = (test: (o: Observation) => boolean) => {
    const mine = causes.filter((c) => !placed.has(c) && test(c.observation));
    for (const c of mine) placed.add(c);
    return mine;
  };
  const out: Lane[] = [];
  const streams = Object.values(d.streams).filter((s) => s.kind !== 'data' && s.series.t.length > 1);
  for (const pc of Object.values(d.pConnections).sort(byCreation)) {
    const own = streams
      .filter((s) => s.pid === pc.id)
      .sort((a, b) => a.direction.localeCompare(b.direction) * -1 || a.kind.localeCompare(b.kind));
    const trackLanes = own.map((s) => {
      const observations = d.observations.filter((o) => o.source.pid === s.pid && o.source.sid === s.sid);
      return {
        label: trackLabel(s),
        detail: [s.codec?.mimeType.replace(/^(audio|video)\//, ''), s.ssrc !== null ? `ssrc ${s.ssrc}` : null]
          .filter(Boolean)
          .join(' · '),
        segments: merge(trackSegments(s, observations, end), start, end),
        ticks: [],
        causes: take((o) => o.source.pid === s.pid && o.source.sid === s.sid),
      };
    });
    out.push({
      label: `Connection ${pc.id}`,
      detail: pc.finalState.connection ?? pc.finalState.iceConnection ?? '',
      segments: merge(connectionSegments(pc, end), start, end),
      ticks: ticksOf(pc),
      causes: take((o) => o.source.pid === pc.id),
    });
    out.push(...trackLanes);
  }
  const rest = take(() => true);
  if (rest.length) out.unshift({ label: 'The call', detail: '', segments: [], ticks: [], causes: rest });
  return out;
}
