import type UPlot from 'uplot';
import { currentTheme, onThemeChange, type Theme } from './color-theme.js';
import { h } from './dom.js';
import { clock, num } from './format.js';
import { type Moment, onMomentSpan } from './moment.js';
import type { Severity } from './types.js';

/** A stretch of the call an observation covers (one of its episodes), shaded on the chart. */
export interface Band {
  start: number;
  end: number;
  severity: Severity;
}

/** One chart: series aligned to `t` (epoch ms), plotted in seconds since `t0`. */
export interface ChartSpec {
  title: string;
  unit: string;
  t: number[];
  t0: number;
  /** The same time range on every chart (seconds since t0), so that charts line up. */
  xRange: [number, number];
  series: { label: string; values: (number | null)[] }[];
  /** Onsets of the observations of what the chart shows, drawn as dashed lines (epoch ms). */
  marks: number[];
  /** Episodes of those observations, drawn as shaded bands (epoch ms). */
  bands: Band[];
  /** Text alternative of the canvas. */
  describe: string;
  /** The y axis starts at zero (rates and counts), so that a small wobble does not look like a collapse. */
  fromZero?: boolean;
}

type UPlotCtor = typeof UPlot;

/**
 * Chart colours by theme. Lines keep 3:1 against the card behind them (white, or #171b21 in dark);
 * bands are faint enough for the lines over them to keep it.
 */
const PALETTES: Record<
  Theme,
  {
    series: string[];
    axis: string;
    grid: string;
    mark: string;
    moment: string;
    momentBand: string;
    bands: Record<Severity, string>;
  }
> = {
  light: {
    series: ['#1f5fbf', '#c2410c', '#15803d', '#7e22ce'],
    axis: '#3d4451',
    grid: '#e3e6ea',
    mark: '#b45309',
    moment: '#b00020',
    momentBand: 'rgba(176, 0, 32, 0.10)',
    bands: {
      critical: 'rgba(127, 29, 29, 0.16)',
      high: 'rgba(179, 38, 30, 0.13)',
      medium: 'rgba(180, 83, 9, 0.13)',
      low: 'rgba(31, 95, 191, 0.10)',
      info: 'rgba(80, 85, 96, 0.10)',
    },
  },
  dark: {
    series: ['#7aa7ff', '#fb923c', '#4ade80', '#d8a4ff'],
    axis: '#b8c0cc',
    grid: '#2a313b',
    mark: '#f59e0b',
    moment: '#ff6b81',
    momentBand: 'rgba(255, 107, 129, 0.14)',
    bands: {
      critical: 'rgba(255, 99, 99, 0.22)',
      high: 'rgba(255, 120, 100, 0.18)',
      medium: 'rgba(245, 158, 11, 0.16)',
      low: 'rgba(122, 167, 255, 0.14)',
      info: 'rgba(184, 192, 204, 0.12)',
    },
  },
};
let palette = PALETTES[currentTheme()];

/** Full width by default; the compact grid puts several lower charts on a row. */
const HEIGHT = { full: 210, compact: 150 };
/** Chart creation per animation frame stays under this, so that scrolling never stalls. */
const FRAME_BUDGET_MS = 10;
const SYNC_KEY = 'callscope';

let uplot: Promise<UPlotCtor> | undefined;
/** uPlot as a classic script from this origin (node_modules), loaded once, on the first chart. */
function loadUPlot(): Promise<UPlotCtor> {
  uplot ??= new Promise((resolve, reject) => {
    const script = h('script', { src: '/assets/vendor/uPlot.iife.min.js' });
    script.onload = () => resolve((window as unknown as { uPlot: UPlotCtor }).uPlot);
    script.onerror = () => reject(new Error('the chart library could not be loaded'));
    document.head.append(script);
  });
  return uplot;
}

const specs = new WeakMap<Element, ChartSpec>();
const live = new Map<Element, UPlot>();
const queue: HTMLElement[] = [];
const stats = { charts: 0, points: 0, ms: 0 };
let moment: Moment | null = null;
let scheduled = false;
let compact = false;
/** The x range every chart shows (seconds since t0) when zoomed in; null for the whole call. */
let zoom: [number, number] | null = null;
/** Charts off screen when the zoom changed: they take it when they come back into view. */
const stale = new Set<Element>();
/** Set while the zoom is being passed to other charts, so that their setScale does not pass it on. */
let syncing = false;

const height = () => (compact ? HEIGHT.compact : HEIGHT.full);

/** Charts are created when they come near the viewport: a long call with dozens of streams stays light. */
const visibility = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      visibility.unobserve(entry.target);
      queue.push(entry.target as HTMLElement);
    }
    schedule();
  },
  { rootMargin: '400px 0px' },
);

/**
 * Drawn charts now on screen. The cursor is synced to these only: updating every chart of a long
 * call on each mouse move (legend included) would make the cursor lag. A zoom reaches the others
 * when they come back into view.
 */
const onScreen = new Set<Element>();
const screenWatch = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (entry.isIntersecting) {
      onScreen.add(entry.target);
      if (stale.delete(entry.target)) applyZoom(entry.target);
    } else onScreen.delete(entry.target);
  }
});

const resizing = new ResizeObserver((entries) => {
  for (const entry of entries) {
    const u = live.get(entry.target);
    const width = Math.floor(entry.contentRect.width);
    if (u && width > 0 && (Math.abs(u.width - width) > 1 || u.height !== height()))
      u.setSize({ width, height: height() });
  }
});

onMomentSpan((at) => {
  moment = at;
  // The moment shown, for tests and for anyone inspecting the page.
  document.documentElement.dataset.moment = at.span ? `${at.at} ${at.span.join(' ')}` : String(at.at);
  for (const u of live.values()) {
    u.redraw(false);
    u.setLegend({});
  }
  for (const u of enlarged) {
    u.redraw(false);
    u.setLegend({});
  }
});

onThemeChange((theme) => {
  palette = PALETTES[theme];
  for (const u of [...live.values(), ...enlarged]) {
    recolorLegend(u);
    u.redraw(false);
  }
});

/** Switches between full-width charts and the compact grid. */
export function setCompactCharts(on: boolean): void {
  compact = on;
  // The grid changes the widths: the resize observer sets width and height together.
}

function schedule(): void {
  if (scheduled || queue.length === 0) return;
  scheduled = true;
  requestAnimationFrame(() => void drain());
}

async function drain(): Promise<void> {
  const U = await loadUPlot();
  scheduled = false;
  const start = performance.now();
  while (queue.length > 0 && performance.now() - start < FRAME_BUDGET_MS) create(U, queue.shift()!);
  const root = document.documentElement.dataset;
  root.chartsRendered = String(stats.charts);
  root.chartsPoints = String(stats.points);
  root.chartsMs = stats.ms.toFixed(1);
  schedule();
}

/** Shaded episodes under the lines, and the moment picked elsewhere on the page. */
function drawBands(spec: ChartSpec) {
  return (u: UPlot) => {
    const { ctx } = u;
    const { left, top, width, height } = u.bbox;
    const band = (from: number, to: number, color: string) => {
      const x0 = Math.max(left, u.valToPos((from - spec.t0) / 1000, 'x', true));
      const x1 = Math.min(left + width, u.valToPos((to - spec.t0) / 1000, 'x', true));
      if (!(x1 > x0)) return;
      ctx.save();
      ctx.fillStyle = color;
      // At least 2 px: an episode of one sample stays visible on a 30-minute call.
      ctx.fillRect(x0, top, Math.max(x1 - x0, 2 * devicePixelRatio), height);
      ctx.restore();
    };
    for (const b of spec.bands) band(b.start, b.end, palette.bands[b.severity]);
    if (moment?.span) band(moment.span[0], moment.span[1], palette.momentBand);
  };
}

function drawLines(spec: ChartSpec) {
  return (u: UPlot) => {
    const { ctx } = u;
    const { left, top, width, height } = u.bbox;
    const dpr = devicePixelRatio;
    const line = (atMs: number, color: string, dash: number[]) => {
      const x = u.valToPos((atMs - spec.t0) / 1000, 'x', true);
      if (!(x >= left && x <= left + width)) return;
      ctx.save();
      ctx.strokeStyle = color;
      ctx.lineWidth = (dash.length ? 1 : 2) * dpr;
      ctx.setLineDash(dash.map((d) => d * dpr));
      ctx.beginPath();
      ctx.moveTo(x, top);
      ctx.lineTo(x, top + height);
      ctx.stroke();
      ctx.restore();
    };
    for (const at of spec.marks) line(at, palette.mark, [4, 3]);
    if (moment) line(moment.at, palette.moment, []);
  };
}

/**
 * The x range: the whole call, so that charts line up, unless zoomed. uPlot calls this on every
 * change of the x scale, a drag-zoom included, with the bounds asked for. Only its own automatic
 * range (the data's first and last sample: at creation and on a double-click) is replaced by the
 * whole call; any other bounds are a zoom and are kept.
 */
function xRange(spec: ChartSpec, xs: number[]): UPlot.Range.Function {
  const first = xs[0];
  const last = xs.at(-1);
  return (_u, min, max) =>
    min === null || max === null || first === last || (min === first && max === last)
      ? spec.xRange
      : [min, max];
}

/** Gives a chart the page's zoom (or the whole call). */
function applyZoom(plot: Element): void {
  const u = live.get(plot);
  const spec = specs.get(plot);
  if (!u || !spec) return;
  const [min, max] = zoom ?? spec.xRange;
  if (u.scales.x!.min === min && u.scales.x!.max === max) return;
  syncing = true;
  try {
    u.setScale('x', { min, max });
  } finally {
    syncing = false;
  }
}

/** A zoom on one chart (drag, double-click, keys) is the zoom of every chart of the page. */
function shareZoom(u: UPlot, spec: ChartSpec, own: Element | null): void {
  const min = u.scales.x!.min!;
  const max = u.scales.x!.max!;
  const whole = min === spec.xRange[0] && max === spec.xRange[1];
  const next: [number, number] | null = whole ? null : [min, max];
  if (next?.[0] === zoom?.[0] && next?.[1] === zoom?.[1]) return;
  zoom = next;
  for (const plot of live.keys()) {
    if (plot === own) continue;
    if (onScreen.has(plot)) applyZoom(plot);
    else stale.add(plot);
  }
  for (const other of enlarged) if (other !== u) setRange(other, zoom ?? spec.xRange);
}

function setRange(u: UPlot, [min, max]: [number, number]): void {
  syncing = true;
  try {
    u.setScale('x', { min, max });
  } finally {
    syncing = false;
  }
}

/** The last value at or before `idx`: what a legend shows when the cursor is not on a chart. */
function lastAt(values: ArrayLike<number | null | undefined>, idx: number): number | null {
  for (let i = Math.min(idx, values.length - 1); i >= 0; i--) {
    const v = values[i];
    if (v !== null && v !== undefined) return v;
  }
  return null;
}

/** Where the legend reads when the cursor is elsewhere: the moment picked, else the end of the call. */
function restingIndex(u: UPlot, spec: ChartSpec): number {
  const xs = u.data[0];
  if (moment) {
    const at = (moment.at - spec.t0) / 1000;
    let i = 0;
    while (i < xs.length - 1 && xs[i + 1]! <= at) i++;
    return i;
  }
  return xs.length - 1;
}

function recolorLegend(u: UPlot): void {
  const rows = u.root.querySelectorAll<HTMLElement>('.u-legend .u-series');
  rows.forEach((row, i) => {
    const marker = row.querySelector<HTMLElement>('.u-marker');
    if (i > 0 && marker) {
      const color = palette.series[(i - 1) % palette.series.length]!;
      marker.style.borderColor = color;
      marker.style.background = color;
    }
  });
}

function options(U: UPlotCtor, spec: ChartSpec, xs: number[], size: { width: number; height: number }) {
  const stroke = (i: number) => () => palette.series[i % palette.series.length]!;
  const axisColor = () => palette.axis;
  const gridColor = () => palette.grid;
  const opts: UPlot.Options = {
    ...size,
    scales: {
      x: { time: false, range: xRange(spec, xs) },
      ...(spec.fromZero
        ? { y: { range: (_u, min, max) => U.rangeNum(Math.min(0, min), Math.max(max, 1), 0.1, true) } }
        : {}),
    },
    axes: [
      {
        stroke: axisColor,
        grid: { stroke: gridColor },
        ticks: { stroke: gridColor },
        incrs: [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600],
        values: (_u, splits) => splits.map(clock),
        size: 30,
        label: 'Time into the call (m:ss)',
        labelSize: 16,
        labelGap: 0,
        labelFont: '12px system-ui, sans-serif',
      },
      {
        stroke: axisColor,
        grid: { stroke: gridColor },
        ticks: { stroke: gridColor },
        size: 52,
        values: (_u, splits) => splits.map((v) => num(v)),
        label: spec.unit,
        labelSize: 18,
        labelFont: '12px system-ui, sans-serif',
      },
    ],
    series: [
      {
        label: 'Time',
        value: (u, v, _s, idx) => {
          if (idx === null || idx === undefined) {
            const at = u.data[0][restingIndex(u, spec)];
            return at === undefined ? '–' : `${clock(at)}${moment ? '' : ' (end)'}`;
          }
          return v === null ? '–' : clock(v);
        },
      },
      ...spec.series.map((s, i) => ({
        label: s.label,
        stroke: stroke(i),
        width: 1.5,
        value: (u: UPlot, v: number | null, sidx: number, idx: number | null) => {
          const shown = idx === null ? lastAt(u.data[sidx]!, restingIndex(u, spec)) : v;
          return shown === null || shown === undefined ? '–' : `${num(shown)} ${spec.unit}`;
        },
      })),
    ],
    cursor: {
      drag: { x: true, y: false },
    },
    legend: { live: true },
    hooks: {
      drawClear: [drawBands(spec)],
      draw: [drawLines(spec)],
    },
  };
  return opts;
}

/** setCursor, passed on to the synced charts like a mouse move (its third argument, left out of the types). */
const publishCursor = (u: UPlot, at: { left: number; top: number }) =>
  (u.setCursor as (opts: { left: number; top: number }, fire: boolean, pub: boolean) => void)(at, true, true);

/** Arrow keys move the cursor (synced like the mouse), Home and End jump, Escape leaves. */
function keyboardCursor(u: UPlot, target: HTMLElement): void {
  let idx: number | null = null;
  target.addEventListener('keydown', (event) => {
    const xs = u.data[0];
    const last = xs.length - 1;
    const step = event.shiftKey ? 10 : 1;
    let next: number | null;
    if (event.key === 'ArrowRight') next = Math.min(last, (idx ?? -1) + step);
    else if (event.key === 'ArrowLeft') next = Math.max(0, (idx ?? last + 1) - step);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'Escape' && idx !== null) next = null;
    else return;
    event.preventDefault();
    idx = next;
    const left = idx === null ? -10 : u.valToPos(xs[idx]!, 'x');
    publishCursor(u, { left, top: idx === null ? -10 : u.bbox.height / devicePixelRatio / 2 });
  });
  target.addEventListener('blur', () => {
    if (idx === null) return;
    idx = null;
    publishCursor(u, { left: -10, top: -10 });
  });
}

function label(u: UPlot, spec: ChartSpec): void {
  const canvas = u.root.querySelector('canvas');
  canvas?.setAttribute('role', 'img');
  canvas?.setAttribute('aria-label', spec.describe);
}

function create(U: UPlotCtor, plot: HTMLElement): void {
  const spec = specs.get(plot);
  if (!spec) return;
  const started = performance.now();
  const xs = spec.t.map((t) => (t - spec.t0) / 1000);
  const opts = options(U, spec, xs, { width: Math.max(200, Math.floor(plot.clientWidth)), height: height() });
  opts.cursor!.sync = { key: SYNC_KEY, filters: { sub: () => onScreen.has(plot) } };
  opts.hooks!.setScale = [
    (u, key) => {
      if (key !== 'x') return;
      // The shown range, for tests and for anyone inspecting the page.
      plot.dataset.xRange = `${u.scales.x!.min} ${u.scales.x!.max}`;
      if (!syncing && live.has(plot)) shareZoom(u, spec, plot);
    },
  ];
  const u = new U(opts, [xs, ...spec.series.map((s) => s.values)] as UPlot.AlignedData, plot);
  label(u, spec);
  live.set(plot, u);
  if (zoom) applyZoom(plot);
  keyboardCursor(u, plot);
  resizing.observe(plot);
  screenWatch.observe(plot);
  const points = spec.series.reduce((n, s) => n + s.values.filter((v) => v !== null).length, 0);
  plot.dataset.points = String(points);
  plot.dataset.rendered = 'true';
  stats.charts++;
  stats.points += points;
  stats.ms += performance.now() - started;
}

/** Charts open in the enlarged view (one at a time, but kept general). */
const enlarged = new Set<UPlot>();

/** The chart in a modal dialog, as wide as the window allows; Escape or the button closes it. */
async function enlarge(spec: ChartSpec, opener: HTMLElement): Promise<void> {
  const U = await loadUPlot();
  const titleId = `enlarged-${Math.random().toString(36).slice(2)}`;
  const close = h('button', { type: 'button', class: 'dialog-close' }, 'Close');
  const plot = h('div', {
    class: 'plot plot-large',
    tabindex: 0,
    role: 'group',
    'aria-label': `${spec.title}: arrow keys move the cursor`,
  });
  const dialog = h(
    'dialog',
    { class: 'chart-dialog', 'aria-labelledby': titleId },
    h('div', { class: 'dialog-head' }, h('h2', { id: titleId }, `${spec.title} (${spec.unit})`), close),
    h('p', { class: 'hint' }, spec.describe),
    plot,
  );
  document.body.append(dialog);
  dialog.showModal();
  const xs = spec.t.map((t) => (t - spec.t0) / 1000);
  const size = () => ({
    width: Math.max(240, Math.floor(plot.clientWidth)),
    height: Math.max(220, Math.min(560, Math.floor(innerHeight * 0.6))),
  });
  const opts = options(U, spec, xs, size());
  opts.cursor!.sync = { key: SYNC_KEY };
  opts.hooks!.setScale = [
    (u, key) => {
      if (key !== 'x') return;
      plot.dataset.xRange = `${u.scales.x!.min} ${u.scales.x!.max}`;
      if (!syncing && enlarged.has(u)) shareZoom(u, spec, null);
    },
  ];
  const u = new U(opts, [xs, ...spec.series.map((s) => s.values)] as UPlot.AlignedData, plot);
  label(u, spec);
  enlarged.add(u);
  if (zoom) setRange(u, zoom);
  keyboardCursor(u, plot);
  const resize = new ResizeObserver(() => u.setSize(size()));
  resize.observe(plot);
  close.addEventListener('click', () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => {
    resize.disconnect();
    enlarged.delete(u);
    u.destroy();
    dialog.remove();
    opener.focus();
  });
  close.focus();
}

/** A chart placeholder of fixed height, drawn when it scrolls into view, with a button to enlarge it. */
export function lazyChart(spec: ChartSpec, of: string): HTMLElement {
  const plot = h('div', {
    class: 'plot',
    tabindex: 0,
    role: 'group',
    'aria-label': `${spec.title} of ${of}: arrow keys move the cursor`,
  });
  specs.set(plot, spec);
  visibility.observe(plot);
  const button = h(
    'button',
    { type: 'button', class: 'small enlarge', 'aria-label': `Enlarge ${spec.title} of ${of}` },
    'Enlarge',
  );
  button.addEventListener('click', () => void enlarge(spec, button));
  return h(
    'figure',
    { class: 'chart' },
    h('figcaption', null, h('span', null, `${spec.title} (${spec.unit})`), button),
    plot,
  );
}
