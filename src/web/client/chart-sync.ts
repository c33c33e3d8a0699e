import type UPlot from 'uplot';
import type { ChartSpec } from './chart-options.js';

/**
 * One zoom for every chart of the page. A zoom on one chart (drag, double-click) is passed at once
 * to the charts on screen; the others take it when they come back into view, so that a page of
 * dozens of streams does not redraw them all.
 */

export const SYNC_KEY = 'callscope';
export const specs = new WeakMap<Element, ChartSpec>();
/** Drawn charts by their placeholder. */
export const live = new Map<Element, UPlot>();
/** Drawn charts now on screen: the cursor is synced to these only. */
export const onScreen = new Set<Element>();
/** Charts off screen when the zoom changed: they take it when they come back into view. */
export const stale = new Set<Element>();
/** Charts open in the enlarged view. */
export const enlarged = new Set<UPlot>();
/** The x range every chart shows (seconds since t0) when zoomed in; null for the whole call. */
let zoom: [number, number] | null = null;
/** Set while the zoom is being passed to other charts, so that their setScale does not pass it on. */
let syncing = false;

export const currentZoom = () => zoom;
export const isSyncing = () => syncing;

/** Gives a chart the page's zoom (or the whole call). */
export function applyZoom(plot: Element): void {
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
export function shareZoom(u: UPlot, spec: ChartSpec, own: Element | null): void {
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

export function setRange(u: UPlot, [min, max]: [number, number]): void {
  syncing = true;
  try {
    u.setScale('x', { min, max });
  } finally {
    syncing = false;
  }
}
