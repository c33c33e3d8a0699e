import type UPlot from 'uplot';
import { colors } from './chart-palette.js';
import { h } from './dom.js';
import { clock, num } from './format.js';
import type { Moment } from './moment.js';
import type { Severity } from './types.js';

/** How a chart is drawn: its data and marks (ChartSpec), uPlot's options, its keyboard cursor. */

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

export type UPlotCtor = typeof UPlot;

/** The moment picked on the page (an observation, a cause, a timeline event), drawn on every chart. */
export const shown: { moment: Moment | null } = { moment: null };

let uplot: Promise<UPlotCtor> | undefined;
/** uPlot as a classic script from this origin (node_modules), loaded once, on the first chart. */
export function loadUPlot(): Promise<UPlotCtor> {
  uplot ??= new Promise((resolve, reject) => {
    const script = h('script', { src: '/assets/vendor/uPlot.iife.min.js' });
    script.onload = () => resolve((window as unknown as { uPlot: UPlotCtor }).uPlot);
    script.onerror = () => reject(new Error('the chart library could not be loaded'));
    document.head.append(script);
  });
  return uplot;
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
    for (const b of spec.bands) band(b.start, b.end, colors().bands[b.severity]);
    if (shown.moment?.span) band(shown.moment.span[0], shown.moment.span[1], colors().momentBand);
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
    for (const at of spec.marks) line(at, colors().mark, [4, 3]);
    if (shown.moment) line(shown.moment.at, colors().moment, []);
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
  if (shown.moment) {
    const at = (shown.moment.at - spec.t0) / 1000;
    let i = 0;
    while (i < xs.length - 1 && xs[i + 1]! <= at) i++;
    return i;
  }
  return xs.length - 1;
}

/** The x axis of every chart: seconds into the call, read as m:ss, in the theme's colours. */
export function timeAxis(): UPlot.Axis {
  return {
    stroke: () => colors().axis,
    grid: { stroke: () => colors().grid },
    ticks: { stroke: () => colors().grid },
    values: (_u, splits) => splits.map(clock),
    size: 30,
    label: 'Time into the call (m:ss)',
    labelSize: 16,
    labelGap: 0,
    labelFont: '12px system-ui, sans-serif',
  };
}

export function options(
  U: UPlotCtor,
  spec: ChartSpec,
  xs: number[],
  size: { width: number; height: number },
) {
  const stroke = (i: number) => () => colors().series[i % colors().series.length]!;
  const axisColor = () => colors().axis;
  const gridColor = () => colors().grid;
  const opts: UPlot.Options = {
    ...size,
    scales: {
      x: { time: false, range: xRange(spec, xs) },
      ...(spec.fromZero
        ? { y: { range: (_u, min, max) => U.rangeNum(Math.min(0, min), Math.max(max, 1), 0.1, true) } }
        : {}),
    },
    axes: [
      { ...timeAxis(), incrs: [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600] },
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
            return at === undefined ? '–' : `${clock(at)}${shown.moment ? '' : ' (end)'}`;
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
export function keyboardCursor(u: UPlot, target: HTMLElement): void {
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

export function label(u: UPlot, spec: ChartSpec): void {
  const canvas = u.root.querySelector('canvas');
  canvas?.setAttribute('role', 'img');
  canvas?.setAttribute('aria-label', spec.describe);
}
