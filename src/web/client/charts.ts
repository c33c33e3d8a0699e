import type UPlot from 'uplot';
import { enlarge } from './chart-dialog.js';
import {
  type ChartSpec,
  keyboardCursor,
  label,
  loadUPlot,
  options,
  shown,
  type UPlotCtor,
} from './chart-options.js';
import { recolorLegend } from './chart-palette.js';
import {
  applyZoom,
  currentZoom,
  enlarged,
  isSyncing,
  live,
  onScreen,
  SYNC_KEY,
  shareZoom,
  specs,
  stale,
} from './chart-sync.js';
import { onThemeChange } from './color-theme.js';
import { h } from './dom.js';
import { onMomentSpan } from './moment.js';

export type { Band, ChartSpec } from './chart-options.js';

/** Full width by default; the compact grid puts several lower charts on a row. */
const HEIGHT = { full: 210, compact: 150 };
/** Chart creation per animation frame stays under this, so that scrolling never stalls. */
const FRAME_BUDGET_MS = 10;

const queue: HTMLElement[] = [];
const stats = { charts: 0, points: 0, ms: 0 };
let scheduled = false;
let compact = false;

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
/**
 * Drawn charts off screen that a new moment, theme or size has not reached yet: they are brought up
 * to date when they come back into view. A click stays quick on a page of hundreds of charts.
 */
const outdated = new Set<Element>();
const unsized = new Set<Element>();

const screenWatch = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (entry.isIntersecting) {
      onScreen.add(entry.target);
      if (stale.delete(entry.target)) applyZoom(entry.target);
      if (unsized.delete(entry.target)) resizeChart(entry.target, entry.target.clientWidth);
      if (outdated.delete(entry.target)) refresh(live.get(entry.target));
    } else onScreen.delete(entry.target);
  }
});

function resizeChart(plot: Element, clientWidth: number): void {
  const u = live.get(plot);
  const width = Math.floor(clientWidth);
  if (u && width > 0 && (Math.abs(u.width - width) > 1 || u.height !== height()))
    u.setSize({ width, height: height() });
}

/**
 * Only the charts in the viewport now are resized at once: after the grid changes (compact and
 * back) most of the charts that were on screen are not any more, and the screen watch has not
 * said so yet. Layout is fresh in this callback, so their boxes cost nothing to read.
 */
const resizing = new ResizeObserver((entries) => {
  for (const entry of entries) {
    const box = entry.target.getBoundingClientRect();
    if (box.bottom > 0 && box.top < innerHeight) resizeChart(entry.target, entry.contentRect.width);
    else unsized.add(entry.target);
  }
});

function refresh(u: UPlot | undefined): void {
  if (!u) return;
  u.redraw(false);
  u.setLegend({});
}

/** Redraws the charts on screen and the enlarged one now, the others when they come into view. */
function refreshAll(): void {
  for (const [plot, u] of live) {
    if (onScreen.has(plot)) refresh(u);
    else outdated.add(plot);
  }
  for (const u of enlarged) refresh(u);
}

onMomentSpan((at) => {
  shown.moment = at;
  // The moment shown, for tests and for anyone inspecting the page.
  document.documentElement.dataset.moment = at.span ? `${at.at} ${at.span.join(' ')}` : String(at.at);
  refreshAll();
});

onThemeChange(() => {
  for (const u of [...live.values(), ...enlarged]) recolorLegend(u);
  refreshAll();
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
      if (!isSyncing() && live.has(plot)) shareZoom(u, spec, plot);
    },
  ];
  const u = new U(opts, [xs, ...spec.series.map((s) => s.values)] as UPlot.AlignedData, plot);
  label(u, spec);
  live.set(plot, u);
  if (currentZoom()) applyZoom(plot);
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
