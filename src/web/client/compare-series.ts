import { type Band, type ChartSpec, lazyChart } from './charts.js';
import { h } from './dom.js';
import { byCreation, duration } from './format.js';
import type { Observation, Series, SessionData } from './types.js';

/**
 * The key series of two sessions side by side: for each measure, a chart of each session on the same
 * time axis (seconds since its own call start, up to the longer call), so that the shared cursor and
 * zoom point at the same moment into both calls.
 */

interface Measure {
  title: string;
  unit: string;
  keys: [key: string, label: string][];
  /** Where the series is: the main connection, or its first stream of a kind and direction. */
  of: 'connection' | `${'inbound' | 'outbound'} ${'audio' | 'video'}`;
  fromZero?: boolean;
}

const MEASURES: Measure[] = [
  {
    title: 'Connection bitrate',
    unit: 'kbps',
    of: 'connection',
    fromZero: true,
    keys: [
      ['sendKbps', 'Send'],
      ['receiveKbps', 'Receive'],
    ],
  },
  { title: 'Round-trip time', unit: 'ms', of: 'connection', keys: [['rttMs', 'RTT']] },
  {
    title: 'Received audio loss',
    unit: '%',
    of: 'inbound audio',
    fromZero: true,
    keys: [['lossPercent', 'Loss']],
  },
  { title: 'Received audio jitter', unit: 'ms', of: 'inbound audio', keys: [['jitterMs', 'Jitter']] },
  {
    title: 'Received video frame rate',
    unit: 'fps',
    of: 'inbound video',
    fromZero: true,
    keys: [['framesPerSecond', 'Frames']],
  },
  {
    title: 'Received video freezes',
    unit: 'ms per s',
    of: 'inbound video',
    keys: [['freezeMsPerSecond', 'Frozen']],
  },
  {
    title: 'Sent video bitrate',
    unit: 'kbps',
    of: 'outbound video',
    fromZero: true,
    keys: [['bitrateKbps', 'Bitrate']],
  },
];

export interface Side {
  label: string;
  data: SessionData;
  t0: number;
}

/** The connection that carried the call: the one with the most samples. */
function mainConnection(d: SessionData) {
  return Object.values(d.pConnections)
    .sort(byCreation)
    .reduce<SessionData['pConnections'][string] | undefined>(
      (best, pc) => (!best || pc.series.t.length > best.series.t.length ? pc : best),
      undefined,
    );
}

function seriesOf(side: Side, m: Measure): { series: Series; observations: Observation[] } | null {
  const pc = mainConnection(side.data);
  if (!pc) return null;
  const mine = (test: (o: Observation) => boolean) => side.data.observations.filter(test);
  if (m.of === 'connection')
    return { series: pc.series, observations: mine((o) => o.source.pid === pc.id && !o.source.sid) };
  const [direction, kind] = m.of.split(' ');
  const stream = Object.values(side.data.streams).find(
    (s) => s.pid === pc.id && s.kind === kind && s.direction === direction && s.series.t.length > 0,
  );
  if (!stream) return null;
  return {
    series: stream.series,
    observations: mine((o) => o.source.pid === pc.id && o.source.sid === stream.sid),
  };
}

function chart(side: Side, m: Measure, xRange: [number, number]): HTMLElement {
  const found = seriesOf(side, m);
  const present = found ? m.keys.filter(([k]) => found.series[k]?.some((v) => v !== null)) : [];
  if (!found || present.length === 0 || found.series.t.length === 0)
    return h('p', { class: 'hint compare-none' }, `${side.label}: not measured.`);
  const { series, observations } = found;
  const bands: Band[] = observations.flatMap((o) =>
    (o.episodes ?? []).map((e) => ({ start: e.start, end: e.end, severity: o.severity })),
  );
  const spec: ChartSpec = {
    title: `${m.title}, ${side.label.toLowerCase()}`,
    unit: m.unit,
    t: series.t,
    t0: side.t0,
    xRange,
    series: present.map(([k, label]) => ({ label, values: series[k]! })),
    marks: observations.filter((o) => o.firstSeenAt !== null).map((o) => o.firstSeenAt!),
    bands,
    fromZero: m.fromZero === true,
    describe: `${m.title} of the ${side.label.toLowerCase()} over ${duration(series.t.at(-1)! - series.t[0]!)}, ${series.t.length} samples.`,
  };
  return lazyChart(spec, `the ${side.label.toLowerCase()}`);
}

/** Each measure as a row of two charts, the first session's and the second's. */
export function keySeries(sides: [Side, Side]): HTMLElement[] {
  const longest = Math.max(...sides.map((s) => s.data.durationMs), 1000) / 1000;
  const xRange: [number, number] = [0, longest];
  return MEASURES.map((m) =>
    h(
      'section',
      { class: 'compare-measure', 'aria-label': m.title },
      h('h3', { class: 'compare-measure-title' }, `${m.title} (${m.unit})`),
      h('div', { class: 'compare-cols' }, ...sides.map((side) => chart(side, m, xRange))),
    ),
  );
}
