/**
 * The Overview's small charts, drawn as SVG: they scale with the page (a viewBox, no canvas to
 * redraw at 375 px) and take their colours from the stylesheet's classes, so both themes apply
 * without a redraw. Each chart is an image with a text alternative; the numbers it shows are also
 * in a table beside it, where they are links.
 */

const NS = 'http://www.w3.org/2000/svg';

function s<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
  ...children: (SVGElement | string)[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

const round = (v: number) => Math.round(v * 10) / 10;

export interface TrendPoint {
  label: string;
  sessions: number;
  /** Mean experience score, 0-100 (null: no scored session). */
  mean: number | null;
}

/**
 * Sessions per day or week as columns, the mean experience score as a line over them (0-100 on
 * the right-hand scale). `width`: the width it is drawn at, so that its text keeps its size on a
 * phone (a viewBox scales text with the drawing).
 */
export function trendChart(points: TrendPoint[], label: string, width: number): SVGSVGElement {
  const W = Math.round(width);
  const H = 200;
  const pad = { l: 34, r: 34, t: 10, b: 26 };
  const iw = W - pad.l - pad.r;
  const ih = H - pad.t - pad.b;
  const max = Math.max(1, ...points.map((p) => p.sessions));
  const step = iw / Math.max(1, points.length);
  const x = (i: number) => pad.l + step * i + step / 2;
  const ySessions = (v: number) => pad.t + ih - (v / max) * ih;
  const yScore = (v: number) => pad.t + ih - (v / 100) * ih;
  const chart = s('svg', {
    viewBox: `0 0 ${W} ${H}`,
    class: 'ov-chart ov-trend',
    role: 'img',
    'aria-label': label,
  });
  chart.append(s('title', {}, label));
  for (const v of [0, 50, 100])
    chart.append(
      s('line', { x1: pad.l, x2: W - pad.r, y1: yScore(v), y2: yScore(v), class: 'ov-gridline' }),
      s('text', { x: W - pad.r + 4, y: yScore(v) + 4, class: 'ov-axis' }, String(v)),
    );
  chart.append(
    s('text', { x: pad.l - 4, y: pad.t + 8, class: 'ov-axis', 'text-anchor': 'end' }, String(max)),
    s('text', { x: pad.l - 4, y: pad.t + ih, class: 'ov-axis', 'text-anchor': 'end' }, '0'),
  );
  const column = Math.max(1, step * 0.7);
  points.forEach((p, i) => {
    if (p.sessions > 0)
      chart.append(
        s('rect', {
          x: round(x(i) - column / 2),
          y: round(ySessions(p.sessions)),
          width: round(column),
          height: round(pad.t + ih - ySessions(p.sessions)),
          class: 'ov-col',
        }),
      );
  });
  // Labels of the first, middle and last periods: enough to read the axis on a phone.
  const labelled = new Set([0, Math.floor((points.length - 1) / 2), points.length - 1]);
  points.forEach((p, i) => {
    if (labelled.has(i))
      chart.append(
        s('text', { x: round(x(i)), y: H - 8, class: 'ov-axis', 'text-anchor': 'middle' }, p.label.slice(5)),
      );
  });
  // The score line, broken where a period has no scored session.
  let d = '';
  let pen = false;
  points.forEach((p, i) => {
    if (p.mean === null) {
      pen = false;
      return;
    }
    d += `${pen ? 'L' : 'M'}${round(x(i))} ${round(yScore(p.mean))} `;
    pen = true;
  });
  if (d) chart.append(s('path', { d: d.trim(), class: 'ov-line' }));
  points.forEach((p, i) => {
    if (p.mean !== null)
      chart.append(s('circle', { cx: round(x(i)), cy: round(yScore(p.mean)), r: 3, class: 'ov-dot' }));
  });
  return chart;
}

/** One horizontal bar of parts (score bands), each part a class of the stylesheet. */
export function stackedBar(parts: { value: number; className: string }[], label: string): SVGSVGElement {
  const total = parts.reduce((a, p) => a + p.value, 0);
  const chart = s('svg', {
    viewBox: '0 0 100 6',
    preserveAspectRatio: 'none',
    class: 'ov-chart ov-stack',
    role: 'img',
    'aria-label': label,
  });
  chart.append(s('title', {}, label));
  let at = 0;
  for (const p of parts) {
    if (p.value <= 0 || total === 0) continue;
    const w = (p.value / total) * 100;
    chart.append(s('rect', { x: round(at), y: 0, width: round(w), height: 6, class: p.className }));
    at += w;
  }
  return chart;
}

/** A small bar for a fraction of 1, beside a number in a table (decorative: the number says it). */
export function meter(fraction: number, className = 'ov-meter-fill'): SVGSVGElement {
  const chart = s('svg', {
    viewBox: '0 0 100 8',
    preserveAspectRatio: 'none',
    class: 'ov-chart ov-meter',
    'aria-hidden': 'true',
    focusable: 'false',
  });
  chart.append(s('rect', { x: 0, y: 0, width: 100, height: 8, class: 'ov-meter-track' }));
  const w = Math.max(0, Math.min(1, fraction)) * 100;
  if (w > 0) chart.append(s('rect', { x: 0, y: 0, width: round(w), height: 8, class: className }));
  return chart;
}
