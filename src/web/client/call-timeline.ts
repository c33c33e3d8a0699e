import { lanes, STATE_TEXT, type State } from './call-lanes.js';
import { h } from './dom.js';
import { capitalize, clock } from './format.js';
import { showMoment } from './moment.js';
import { observationTitle } from './titles.js';
import type { Observation, SessionData } from './types.js';

/**
 * The call at a glance: one horizontal lane per connection (connecting, connected, relayed,
 * disconnected, failed; renegotiations and ICE restarts as ticks) and one per media track (media
 * flowing, muted, stopped, frozen, limited), on one time axis, with the causes of "what happened"
 * marked on the lane they concern. A cause is a link to its observation (opened, with its evidence)
 * that also marks its moment and its episode on every chart.
 */

/** Causes nearer than this share of the call's length are drawn side by side. */
const CLUSTER_SHARE = 0.02;

/** A tick step that gives about `count` labels over `span` seconds. */
function tickStep(span: number, count: number): number {
  const steps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200];
  return steps.find((s) => span / s <= count) ?? steps.at(-1)!;
}

/** Opens the observation a cause tells, scrolls to its evidence and marks its moment on the charts. */
function openCause(index: number, o: Observation, at: number): void {
  const target = document.getElementById(`obs-${index}`);
  if (target instanceof HTMLDetailsElement) target.open = true;
  const episode = o.episodes?.find((e) => e.start <= at + 1000 && at <= e.end) ?? o.episodes?.[0];
  showMoment(at, episode ? [episode.start, episode.end] : undefined);
  target?.querySelector('summary')?.focus({ preventScroll: true });
}

export function callTimeline(d: SessionData, t0: number): HTMLElement | null {
  const pcs = Object.values(d.pConnections);
  if (pcs.length === 0) return null;
  let start = t0;
  let end = t0 + d.durationMs;
  for (const { series } of [...Object.values(d.streams), ...pcs]) {
    if (series.t.length === 0) continue;
    start = Math.min(start, series.t[0]!);
    end = Math.max(end, series.t.at(-1)!);
  }
  for (const pc of pcs)
    if (pc.createdAt !== null && pc.createdAt >= t0 - 60_000) start = Math.min(start, pc.createdAt);
  if (!(end > start)) end = start + 1000;
  const span = end - start;
  const pct = (at: number) => `${(100 * (Math.min(end, Math.max(start, at)) - start)) / span}%`;
  const since = (at: number) => clock((at - t0) / 1000);

  const step = tickStep(span / 1000, 8);
  const first = Math.ceil((start - t0) / 1000 / step) * step;
  const axis = h('div', { class: 'tl-axis', 'aria-hidden': 'true' });
  for (let s = first, n = 0; t0 + s * 1000 <= end; s += step, n++) {
    const tick = h('span', { class: n % 2 ? 'tl-tick minor' : 'tl-tick' }, clock(s));
    tick.style.left = pct(t0 + s * 1000);
    axis.append(tick);
  }

  const rows = lanes(d, start, end).map((lane) => {
    const bar = h('div', { class: 'tl-bar', 'aria-hidden': 'true' });
    for (const s of lane.segments) {
      const seg = h('span', {
        class: `tl-seg st-${s.state}`,
        title: `${STATE_TEXT[s.state]}, ${since(s.from)} to ${since(s.to)}`,
      });
      seg.style.left = pct(s.from);
      seg.style.width = `max(2px, ${(100 * (s.to - s.from)) / span}%)`;
      bar.append(seg);
    }
    for (const t of lane.ticks) {
      const tick = h('span', {
        class: `tl-event ev-${t.kind}`,
        title: `${capitalize(t.kind)} at ${since(t.at)}`,
      });
      tick.style.left = pct(t.at);
      bar.append(tick);
    }
    // Where the lane is clicked is the moment shown on the charts.
    bar.addEventListener('click', (event) => {
      const box = bar.getBoundingClientRect();
      showMoment(start + ((event.clientX - box.left) / box.width) * span);
    });
    const said = [
      ...lane.segments.map((s) => `${STATE_TEXT[s.state]} ${since(s.from)} to ${since(s.to)}`),
      ...lane.ticks.map((t) => `${t.kind} at ${since(t.at)}`),
    ];
    // Causes close in time (a second apart on a long call) would hide one another: each after the
    // first of a cluster is set a marker's width further right; its title keeps the exact time.
    let clusterStart = Number.NEGATIVE_INFINITY;
    let inCluster = 0;
    const marks = lane.causes.map(({ line, observation }) => {
      const at = line.atMs!;
      if (at - clusterStart > span * CLUSTER_SHARE) {
        clusterStart = at;
        inCluster = 0;
      } else inCluster++;
      const mark = h(
        'a',
        {
          href: `#obs-${line.observation}`,
          class: `tl-cause cause-${line.severity}`,
          'aria-label': `${line.at} ${line.severity}: ${observationTitle(line.type)}. Show its evidence.`,
          title: `${line.at} ${capitalize(line.severity)}: ${line.text}`,
          'data-observation': line.observation,
          onclick: () => openCause(line.observation, observation, at),
        },
        h('span', { class: 'tl-cause-time', 'aria-hidden': 'true' }, line.at),
      );
      // Near the end of the lane a cluster grows leftwards, so that it stays on the page.
      const sign = at - start > span * 0.9 ? '-' : '+';
      mark.style.left = inCluster ? `calc(${pct(at)} ${sign} ${inCluster * 1.3}rem)` : pct(at);
      return mark;
    });
    return h(
      'li',
      { class: 'tl-row' },
      h(
        'div',
        { class: 'tl-label' },
        h('span', { class: 'tl-name' }, lane.label),
        lane.detail ? h('span', { class: 'tl-detail' }, lane.detail) : null,
      ),
      h(
        'div',
        { class: 'tl-lane' },
        bar,
        h('span', { class: 'visually-hidden' }, said.length ? `${said.join(', ')}.` : 'No states recorded.'),
        ...marks,
      ),
    );
  });

  const used = new Set(
    rows.flatMap((r) =>
      [...r.querySelectorAll('.tl-seg, .tl-event')].map(
        (el) => [...el.classList].find((c) => c.startsWith('st-') || c.startsWith('ev-'))!,
      ),
    ),
  );
  const key = h(
    'ul',
    { class: 'tl-key', 'aria-label': 'Key' },
    ...(Object.keys(STATE_TEXT) as State[])
      .filter((s) => used.has(`st-${s}`))
      .map((s) =>
        h('li', null, h('span', { class: `tl-swatch st-${s}`, 'aria-hidden': 'true' }), STATE_TEXT[s]),
      ),
    ...(['renegotiated', 'restarted'] as const)
      .filter((k) => used.has(`ev-${k}`))
      .map((k) =>
        h(
          'li',
          null,
          h('span', { class: `tl-swatch tl-event ev-${k}`, 'aria-hidden': 'true' }),
          k === 'restarted' ? 'ICE restarted' : 'renegotiated',
        ),
      ),
    d.whatHappened.length
      ? h(
          'li',
          null,
          h('span', { class: 'tl-swatch tl-cause-key', 'aria-hidden': 'true' }),
          'a cause (select it for its evidence)',
        )
      : null,
  );
  return h(
    'div',
    { class: 'call-timeline' },
    h('h3', { id: 'call-timeline-title', class: 'tl-heading' }, 'The call over time'),
    h(
      'div',
      { class: 'tl-grid' },
      h('div', { class: 'tl-axis-row' }, h('span', { class: 'tl-label' }), axis),
      h('ol', { class: 'tl-rows', 'aria-labelledby': 'call-timeline-title' }, ...rows),
    ),
    key,
  );
}
