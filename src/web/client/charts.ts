import type UPlot from 'uplot';
import { h } from './dom.js';
import { clock, num } from './format.js';
import { onMoment } from './moment.js';

/** One chart: series aligned to `t` (epoch ms), plotted in seconds since `t0`. */
export interface ChartSpec {
  title: string;
  unit: string;
  t: number[];
  t0: number;
  /** The same time range on every chart (seconds since t0), so that charts line up. */
  xRange: [number, number];
  series: { label: string; values: (number | null)[] }[];
  /** Observations of what the chart shows, drawn as dashed lines (epoch ms). */
  marks: number[];
  /** Text alternative of the canvas. */
  describe: string;
  /** The y axis starts at zero (rates and counts), so that a small wobble does not look like a collapse. */
  fromZero?: boolean;
}

type UPlotCtor = typeof UPlot;
const COLORS = ['#1f5fbf', '#c2410c', '#15803d', '#7e22ce'];
const HEIGHT = 150;
/** Chart creation per animation frame stays under this, so that scrolling never stalls. */
const FRAME_BUDGET_MS = 10;

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
let moment: number | null = null;
let scheduled = false;

onMoment((at) => {
  moment = at;
  for (const u of live.values()) u.redraw(false);
});

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
 * call on each mouse move (legend included) would make the cursor lag.
 */
const onScreen = new Set<Element>();
const screenWatch = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (entry.isIntersecting) onScreen.add(entry.target);
    else onScreen.delete(entry.target);
  }
});

const resizing = new ResizeObserver((entries) => {
  for (const entry of entries) {
    const u = live.get(entry.target);
    const width = Math.floor(entry.contentRect.width);
    if (u && width > 0 && Math.abs(u.width - width) > 1) u.setSize({ width, height: HEIGHT });
  }
});

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
    for (const at of spec.marks) line(at, '#b45309', [4, 3]);
    if (moment !== null) line(moment, '#b00020', []);
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

function create(U: UPlotCtor, plot: HTMLElement): void {
  const spec = specs.get(plot);
  if (!spec) return;
  const started = performance.now();
  const xs = spec.t.map((t) => (t - spec.t0) / 1000);
  const opts: UPlot.Options = {
    width: Math.max(200, Math.floor(plot.clientWidth)),
    height: HEIGHT,
    scales: {
      x: { time: false, range: xRange(spec, xs) },
      ...(spec.fromZero
        ? { y: { range: (_u, min, max) => U.rangeNum(Math.min(0, min), Math.max(max, 1), 0.1, true) } }
        : {}),
    },
    axes: [
      {
        stroke: '#333',
        grid: { stroke: '#e3e3e3' },
        incrs: [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600],
        values: (_u, splits) => splits.map(clock),
      },
      {
        stroke: '#333',
        grid: { stroke: '#e3e3e3' },
        size: 56,
        values: (_u, splits) => splits.map((v) => num(v)),
      },
    ],
    series: [
      { label: 'Time', value: (_u, v) => (v === null ? '–' : clock(v)) },
      ...spec.series.map((s, i) => ({
        label: s.label,
        stroke: COLORS[i % COLORS.length]!,
        width: 1.5,
        value: (_u: UPlot, v: number | null) => (v === null ? '–' : num(v)),
      })),
    ],
    cursor: {
      sync: { key: 'callscope', filters: { sub: () => onScreen.has(plot) } },
      drag: { x: true, y: false },
    },
    hooks: {
      draw: [drawLines(spec)],
      // The shown range, for tests and for anyone inspecting the page.
      setScale: [
        (u, key) => {
          if (key === 'x') plot.dataset.xRange = `${u.scales.x!.min} ${u.scales.x!.max}`;
        },
      ],
    },
  };
  const u = new U(opts, [xs, ...spec.series.map((s) => s.values)] as UPlot.AlignedData, plot);
  const canvas = u.root.querySelector('canvas');
  canvas?.setAttribute('role', 'img');
  canvas?.setAttribute('aria-label', spec.describe);
  live.set(plot, u);
  resizing.observe(plot);
  screenWatch.observe(plot);
  const points = spec.series.reduce((n, s) => n + s.values.filter((v) => v !== null).length, 0);
  plot.dataset.points = String(points);
  plot.dataset.rendered = 'true';
  stats.charts++;
  stats.points += points;
  stats.ms += performance.now() - started;
}

/** A chart placeholder of fixed height, drawn when it scrolls into view. */
export function lazyChart(spec: ChartSpec): HTMLElement {
  const plot = h('div', { class: 'plot' });
  specs.set(plot, spec);
  visibility.observe(plot);
  return h('figure', { class: 'chart' }, h('figcaption', null, `${spec.title} (${spec.unit})`), plot);
}
