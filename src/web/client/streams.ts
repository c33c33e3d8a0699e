import { type Band, type ChartSpec, lazyChart, setCompactCharts } from './charts.js';
import { emptyConnectionNote } from './connection-note.js';
import { dl, h, uid } from './dom.js';
import { byCreation, capitalize, count, duration, num } from './format.js';
import { connectionAnchor, streamAnchor } from './moment.js';
import type { Distribution, Observation, Series, SessionData, Stream } from './types.js';

interface Group {
  title: string;
  unit: string;
  keys: [key: string, label: string][];
  fromZero?: boolean;
}

/** What is charted per stream and per connection, from the payload's downsampled series. */
const STREAM_GROUPS: Group[] = [
  {
    title: 'Bitrate',
    fromZero: true,
    unit: 'kbps',
    keys: [
      ['bitrateKbps', 'Bitrate'],
      ['targetBitrateKbps', 'Target'],
    ],
  },
  { title: 'Packet loss', unit: '%', keys: [['lossPercent', 'Loss']], fromZero: true },
  {
    title: 'Jitter and round-trip time',
    unit: 'ms',
    keys: [
      ['jitterMs', 'Jitter'],
      ['rttMs', 'RTT'],
    ],
  },
  {
    title: 'Frame rate',
    fromZero: true,
    unit: 'fps',
    keys: [
      ['framesPerSecond', 'Frames'],
      ['framesDroppedPerSecond', 'Dropped'],
    ],
  },
  {
    title: 'Resolution',
    unit: 'px',
    keys: [
      ['frameWidth', 'Width'],
      ['frameHeight', 'Height'],
    ],
  },
  { title: 'Freezes', unit: 'ms per s', keys: [['freezeMsPerSecond', 'Frozen']] },
  { title: 'Audio level', unit: '0 to 1', keys: [['audioLevel', 'Level']] },
  { title: 'Concealment', unit: '%', keys: [['concealmentPercent', 'Concealed']] },
  { title: 'Jitter buffer delay', unit: 'ms', keys: [['jitterBufferMs', 'Delay']] },
];
const CONNECTION_GROUPS: Group[] = [
  {
    title: 'Connection bitrate',
    fromZero: true,
    unit: 'kbps',
    keys: [
      ['sendKbps', 'Send'],
      ['receiveKbps', 'Receive'],
      ['availableOutgoingKbps', 'Available out'],
    ],
  },
  { title: 'Round-trip time', unit: 'ms', keys: [['rttMs', 'RTT']] },
];

const avg = (d: Distribution | null, unit: string) =>
  d ? `${num(d.avg)} ${unit} (max ${num(d.max)})` : null;

interface Frame {
  t0: number;
  xRange: [number, number];
}

/** What the charts of a stream or connection mark: where its observations start, and their episodes. */
interface Marks {
  onsets: number[];
  bands: Band[];
}

function marksOf(list: Observation[]): Marks {
  return {
    onsets: list.filter((o) => o.firstSeenAt !== null).map((o) => o.firstSeenAt!),
    bands: list.flatMap((o) =>
      (o.episodes ?? []).map((e) => ({ start: e.start, end: e.end, severity: o.severity })),
    ),
  };
}

function charts(what: string, series: Series, groups: Group[], frame: Frame, marks: Marks): HTMLElement[] {
  const out: HTMLElement[] = [];
  for (const g of groups) {
    const present = g.keys.filter(([k]) => series[k]?.some((v) => v !== null));
    if (present.length === 0 || series.t.length === 0) continue;
    const spec: ChartSpec = {
      title: g.title,
      unit: g.unit,
      t: series.t,
      ...frame,
      marks: marks.onsets,
      bands: marks.bands,
      series: present.map(([k, label]) => ({ label, values: series[k]! })),
      fromZero: g.fromZero === true,
      describe: `${g.title} of ${what} over ${duration(series.t.at(-1)! - series.t[0]!)}, ${series.t.length} samples.`,
    };
    out.push(lazyChart(spec, what));
  }
  return out;
}

/** Height of a full-width chart with its caption and legend, for the size of a grid not drawn yet. */
const CHART_BLOCK_PX = 300;

/**
 * A grid of charts. Off screen the browser skips its style and layout (content-visibility), which
 * keeps a theme change, the compact grid or an opened observation quick on a call with hundreds of
 * charts; its height until first drawn is estimated from its number of charts.
 */
function chartGrid(list: HTMLElement[]): HTMLElement {
  const grid = h('div', { class: 'chart-grid' }, ...list);
  grid.style.containIntrinsicSize = `auto ${list.length * CHART_BLOCK_PX}px`;
  return grid;
}

function streamCard(key: string, s: Stream, d: SessionData, frame: Frame): HTMLElement {
  const what = `${s.direction} ${s.kind}`;
  const codec = s.codec?.mimeType.replace(/^(audio|video)\//, '');
  const marks = marksOf(d.observations.filter((o) => o.source.pid === s.pid && o.source.sid === s.sid));
  const list = charts(`the ${what} stream`, s.series, STREAM_GROUPS, frame, marks);
  return h(
    'article',
    {
      class: 'stream',
      id: streamAnchor(key),
      'data-kind': s.kind,
      'data-direction': s.direction,
      'data-observed': marks.onsets.length > 0,
      tabindex: -1,
    },
    h(
      'h4',
      null,
      [capitalize(what), codec, s.contentType, s.ssrc !== null ? `ssrc ${s.ssrc}` : null]
        .filter(Boolean)
        .join(' · '),
    ),
    dl('facts', [
      ['Duration', duration(s.durationMs)],
      ['Packets', num(s.packets, 0)],
      ['Lost', s.packetsLost !== null ? `${num(s.packetsLost, 0)} (${num(s.packetLossPercent)} %)` : null],
      ['Bitrate', avg(s.bitrateKbps, 'kbps')],
      ['Jitter', avg(s.jitterMs, 'ms')],
      ['RTT', avg(s.roundTripTimeMs, 'ms')],
      ['Observations', marks.onsets.length ? String(marks.onsets.length) : null],
    ]),
    list.length ? chartGrid(list) : h('p', { class: 'hint' }, 'No samples to chart.'),
  );
}

/** From the call start (or the first sample) to the call end (or the last sample), in seconds. */
function timeRange(d: SessionData, t0: number): [number, number] {
  let lo = 0;
  let hi = d.durationMs / 1000;
  for (const { series } of [...Object.values(d.streams), ...Object.values(d.pConnections)]) {
    if (series.t.length === 0) continue;
    lo = Math.min(lo, (series.t[0]! - t0) / 1000);
    hi = Math.max(hi, (series.t.at(-1)! - t0) / 1000);
  }
  return [lo, hi > lo ? hi : lo + 1];
}

const FILTERS: [string, string, (el: HTMLElement) => boolean][] = [
  ['all', 'All streams', () => true],
  ['audio', 'Audio', (el) => el.dataset.kind === 'audio'],
  ['video', 'Video', (el) => el.dataset.kind === 'video'],
  ['inbound', 'Inbound', (el) => el.dataset.direction === 'inbound'],
  ['outbound', 'Outbound', (el) => el.dataset.direction === 'outbound'],
  ['observed', 'With observations', (el) => el.dataset.observed === 'true'],
];

/** Charts over time per connection and per stream; each stream card is a link target for observations. */
export function chartsSection(d: SessionData, t0: number): HTMLElement {
  const pcs = Object.values(d.pConnections).sort(byCreation);
  const streams = Object.entries(d.streams);
  const frame = { t0, xRange: timeRange(d, t0) };
  // Streams with a card: audio and video (and a data channel with samples); other data channels are listed.
  let charted = 0;
  const groups = pcs.map((pc) => {
    const marks = marksOf(d.observations.filter((o) => o.source.pid === pc.id && !o.source.sid));
    const own = streams.filter(([, s]) => s.pid === pc.id);
    const media = own.filter(([, s]) => s.kind !== 'data' || s.series.t.length > 0);
    const channels = own.filter(([, s]) => s.kind === 'data' && s.series.t.length === 0);
    const ownCharts = charts(`connection ${pc.id}`, pc.series, CONNECTION_GROUPS, frame, marks);
    charted += media.length;
    const note = emptyConnectionNote(pc, ownCharts.length + media.length > 0);
    return h(
      'section',
      { class: 'pc-charts', id: connectionAnchor(pc.id), 'aria-label': `Connection ${pc.id}`, tabindex: -1 },
      h('h3', null, `Connection ${pc.id}`),
      note ? h('p', { class: 'hint' }, note) : null,
      ownCharts.length ? chartGrid(ownCharts) : null,
      ...media.map(([key, s]) => streamCard(key, s, d, frame)),
      channels.length
        ? h(
            'p',
            { class: 'hint' },
            `Data channels: ${channels.map(([, s]) => s.data?.label ?? s.sid).join(', ')}.`,
          )
        : null,
    );
  });
  const id = uid('stream-filter');
  const filter = h('select', { id }, ...FILTERS.map(([value, text]) => h('option', { value }, text)));
  filter.addEventListener('change', () => {
    const keep = FILTERS.find(([v]) => v === filter.value)?.[2] ?? (() => true);
    for (const el of document.querySelectorAll<HTMLElement>('#charts article.stream')) el.hidden = !keep(el);
  });
  const section: HTMLElement = h(
    'section',
    { id: 'charts', class: 'card', 'aria-labelledby': 'charts-title' },
    h('h2', { id: 'charts-title' }, `Charts (${count(charted, 'stream')})`),
    h(
      'div',
      { class: 'chart-tools' },
      h('div', { class: 'field inline' }, h('label', { for: id }, 'Show'), filter),
      compactToggle(() => section),
    ),
    h(
      'p',
      { class: 'hint' },
      'Drag across a chart to zoom every chart in, double-click to zoom out; the cursor and its values follow on every chart. With the keyboard, focus a chart and use the arrow keys (Shift for bigger steps). A solid line marks the moment you picked; dashed lines mark where observations were first seen, shaded bands how long they lasted.',
    ),
    ...groups,
  );
  return section;
}

const LAYOUT_KEY = 'callscope.charts';

/** Full-width charts, or the compact grid (the choice is kept in this browser). */
function compactToggle(section: () => HTMLElement): HTMLButtonElement {
  let on = false;
  try {
    on = localStorage.getItem(LAYOUT_KEY) === 'compact';
  } catch {}
  const button = h(
    'button',
    { type: 'button', class: 'compact-toggle', 'aria-pressed': String(on) },
    'Compact grid',
  );
  const apply = () => {
    setCompactCharts(on);
    section().classList.toggle('compact', on);
    button.setAttribute('aria-pressed', String(on));
  };
  queueMicrotask(apply);
  button.addEventListener('click', () => {
    on = !on;
    try {
      if (on) localStorage.setItem(LAYOUT_KEY, 'compact');
      else localStorage.removeItem(LAYOUT_KEY);
    } catch {}
    apply();
  });
  return button;
}
