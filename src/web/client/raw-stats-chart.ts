import type UPlot from 'uplot';
import { keyboardCursor, loadUPlot, timeAxis } from './chart-options.js';
import { colors, recolorLegend } from './chart-palette.js';
import { SYNC_KEY } from './chart-sync.js';
import { onThemeChange } from './color-theme.js';
import { h } from './dom.js';
import { clock, num } from './format.js';

/** One plotted series of the explorer: times (epoch ms) and values, and what it is. */
export interface PlotSeries {
  label: string;
  unit: string;
  t: number[];
  v: (number | null)[];
}

/** The unit of a raw attribute, guessed from its name (the dump does not say); '' when unknown. */
export function unitOf(attribute: string, kind: 'value' | 'rate'): string {
  let unit = '';
  if (/bytes/i.test(attribute)) unit = 'bytes';
  else if (/packets/i.test(attribute)) unit = 'packets';
  else if (/frames/i.test(attribute) && !/PerSecond$/.test(attribute)) unit = 'frames';
  else if (/(Time|Delay|Duration|jitter|RoundTripTime)$/i.test(attribute) || /^jitter/.test(attribute))
    unit = 's';
  else if (/PerSecond$/.test(attribute)) unit = '/s';
  if (kind === 'value') return unit || 'value';
  if (unit === '/s') return '/s²';
  return unit ? `${unit}/s` : 'per second';
}

/**
 * Every series on one time axis (the union of their sample times): each keeps its values where it
 * has samples and null elsewhere, and the lines are drawn across those nulls.
 */
export function align(series: PlotSeries[], t0: number): { xs: number[]; ys: (number | null)[][] } {
  const times = [...new Set(series.flatMap((s) => s.t))].sort((a, b) => a - b);
  const at = new Map(times.map((t, i) => [t, i]));
  const ys = series.map((s) => {
    const out: (number | null)[] = new Array(times.length).fill(null);
    s.t.forEach((t, i) => {
      out[at.get(t)!] = s.v[i] ?? null;
    });
    return out;
  });
  return { xs: times.map((t) => (t - t0) / 1000), ys };
}

function lastValue(values: ArrayLike<number | null | undefined>): number | null {
  for (let i = values.length - 1; i >= 0; i--) {
    const v = values[i];
    if (v !== null && v !== undefined) return v;
  }
  return null;
}

/** The first unit on the left axis, the second on the right; any further unit shares the right. */
function axisUnits(series: PlotSeries[]): [string, string | null] {
  const units = [...new Set(series.map((s) => s.unit))];
  return [units[0] ?? '', units[1] ?? null];
}

let current: UPlot | undefined;
/** Keeps the chart as wide as its box. */
const sizing = new ResizeObserver((entries) => {
  for (const entry of entries) {
    const width = Math.floor(entry.contentRect.width);
    if (current && width > 0 && Math.abs(current.width - width) > 1)
      current.setSize({ width, height: HEIGHT });
  }
});
const HEIGHT = 260;
onThemeChange(() => {
  if (!current) return;
  recolorLegend(current);
  current.redraw(false);
});

/**
 * The explorer's chart: the selected series on the page's time axis (seconds since t0), its cursor
 * synced with the page's charts, a second y axis when the units differ. Replaces what `host` held.
 */
export async function drawRawChart(host: HTMLElement, series: PlotSeries[], t0: number): Promise<void> {
  current?.destroy();
  current = undefined;
  host.replaceChildren();
  if (series.length === 0) return;
  const U = await loadUPlot();
  const { xs, ys } = align(series, t0);
  const fromZero: UPlot.Range.Function = (_u, min, max) =>
    U.rangeNum(Math.min(0, min ?? 0), Math.max(max ?? 1, min ?? 0, 1e-9), 0.1, true);
  const [left, right] = axisUnits(series);
  const scaleOf = (s: PlotSeries) => (s.unit === left ? 'left' : 'right');
  const axisColor = () => colors().axis;
  const gridColor = () => colors().grid;
  const axis = (scale: string, label: string, side: 1 | 3) => ({
    scale,
    side,
    stroke: axisColor,
    grid: { stroke: gridColor, show: side === 3 },
    ticks: { stroke: gridColor },
    size: 60,
    values: (_u: UPlot, splits: number[]) => splits.map((v) => num(v)),
    label,
    labelSize: 18,
    labelFont: '12px system-ui, sans-serif',
  });
  const rightLabel = [...new Set(series.filter((s) => s.unit !== left).map((s) => s.unit))].join(', ');
  const plot = h('div', {
    class: 'plot raw-plot',
    tabindex: 0,
    role: 'group',
    'aria-label': `Raw stats chart: ${series.map((s) => s.label).join('; ')}. Arrow keys move the cursor.`,
  });
  host.append(plot);
  const opts: UPlot.Options = {
    width: Math.max(280, Math.floor(host.clientWidth)),
    height: HEIGHT,
    // Counters and rates read from zero, so that a small wobble does not look like a collapse.
    scales: {
      x: { time: false },
      left: { range: fromZero },
      ...(right ? { right: { range: fromZero } } : {}),
    },
    axes: [timeAxis(), axis('left', left, 3), ...(right ? [axis('right', rightLabel, 1)] : [])],
    series: [
      // Away from the chart, the legend reads at the end of the series rather than showing dashes.
      {
        label: 'Time',
        value: (_u, v, _s, idx) =>
          idx === null ? `${clock(xs.at(-1)!)} (end)` : v === null ? '–' : clock(v),
      },
      ...series.map((s, i) => ({
        label: s.label,
        scale: scaleOf(s),
        stroke: () => colors().series[i % colors().series.length]!,
        width: 1.5,
        spanGaps: true,
        value: (u: UPlot, v: number | null, sidx: number, idx: number | null) => {
          const shown = idx === null ? lastValue(u.data[sidx]!) : v;
          return shown === null ? '–' : `${num(shown)} ${s.unit}`;
        },
      })),
    ],
    cursor: { drag: { x: true, y: false }, sync: { key: SYNC_KEY } },
    legend: { live: true },
  };
  const u = new U(opts, [xs, ...ys] as UPlot.AlignedData, plot);
  u.root.querySelector('canvas')?.setAttribute('role', 'img');
  u.root
    .querySelector('canvas')
    ?.setAttribute('aria-label', `Chart of ${series.length} raw series over ${clock(xs.at(-1)! - xs[0]!)}`);
  keyboardCursor(u, plot);
  plot.dataset.rendered = 'true';
  plot.dataset.series = String(series.length);
  plot.dataset.axes = right ? '2' : '1';
  current = u;
  sizing.disconnect();
  sizing.observe(host);
}
