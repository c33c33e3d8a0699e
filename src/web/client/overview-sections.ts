/**
 * The Overview's sections. Every count is a link to the session list filtered to exactly the
 * sessions counted (the period's call start range plus the count's own filter), so a number on
 * this page and the list it opens always agree.
 */
import { h, tableWrap } from './dom.js';
import { num } from './format.js';
import { stackedBar, trendChart } from './overview-charts.js';
import {
  clipStart,
  type ListFilter,
  listHref,
  type OverviewData,
  periodEnd,
  sessionsOf,
} from './overview-data.js';
import { countLink, pct, trend } from './overview-parts.js';

export function headline(d: OverviewData, range: ListFilter): HTMLElement {
  const t = d.main.total;
  const c = d.main.compare;
  const share = (name: string) => c?.shares.find((s) => s.name === name);
  const exp = t.scores.experienceScore;
  const before = c?.scores.find((s) => s.metric === 'experienceScore');
  const tile = (label: string, value: HTMLElement | string, note: HTMLElement | string) =>
    h(
      'li',
      { class: 'ov-tile' },
      h('span', { class: 'ov-tile-label' }, label),
      h('span', { class: 'ov-tile-value' }, value),
      h('span', { class: 'ov-tile-note' }, note),
    );
  const bad = (name: string, label: string, filter: ListFilter, what: string) => {
    const n = share(name)?.current.sessions ?? 0;
    return tile(label, countLink(n, { ...range, ...filter }, what), trend(share(name)));
  };
  return h(
    'ul',
    { class: 'ov-tiles', 'aria-label': 'Headline numbers' },
    tile(
      'Sessions',
      countLink(t.sessions, range, 'in this period'),
      `previous period: ${c?.baseline.sessions ?? 0}`,
    ),
    tile(
      'Mean experience score',
      h(
        'a',
        { href: listHref({ ...range, sort: 'experienceScore', order: 'asc' }), class: 'ov-mean' },
        exp?.mean === null || !exp ? '–' : num(exp.mean, 1),
        h('span', { class: 'visually-hidden' }, ': the sessions, lowest score first'),
      ),
      before?.baseline.mean != null ? `previous period: ${num(before.baseline.mean, 1)}` : 'no score before',
    ),
    bad('lowScore', 'Low score (under 60)', { band: 'low' }, 'with a low score'),
    bad(
      'withCritical',
      'With a critical observation',
      { severity: 'critical' },
      'with a critical observation',
    ),
    bad('withHigh', 'With a high observation', { severity: 'high' }, 'with a high observation'),
  );
}

const BANDS = [
  ['high', 'High (80 and over)'],
  ['medium', 'Medium (60 to 79)'],
  ['low', 'Low (under 60)'],
  ['unrated', 'Unrated (no media)'],
] as const;

export function distribution(d: OverviewData, range: ListFilter): HTMLElement {
  const n = d.main.total.sessions;
  const bands = d.main.total.scores.experienceScore?.bands;
  const counts = BANDS.map(([band, label]) => ({ band, label, n: sessionsOf(bands?.[band], n) }));
  return h(
    'div',
    { class: 'ov-dist' },
    stackedBar(
      counts.map((b) => ({ value: b.n, className: `ov-fill-${b.band}` })),
      `Experience scores: ${counts.map((b) => `${b.label} ${b.n}`).join(', ')}`,
    ),
    h(
      'ul',
      { class: 'ov-legend' },
      ...counts.map((b) =>
        h(
          'li',
          null,
          h('span', { class: `ov-swatch ov-fill-${b.band}`, 'aria-hidden': 'true' }),
          `${b.label}: `,
          countLink(b.n, { ...range, band: b.band }, `scored ${b.label.toLowerCase()}`),
          n > 0 ? ` (${pct(b.n / n)})` : '',
        ),
      ),
    ),
  );
}

export function scoreTrend(d: OverviewData): HTMLElement {
  const interval = d.main.interval === 'week' ? 'week' : 'day';
  const series = d.main.series.filter((p) => p.period !== null);
  const label = `Sessions per ${interval} (columns) and mean experience score (line, 0 to 100), ${d.period.from} to ${d.period.to}`;
  const rows = series.map((p) => {
    const from = clipStart(p.period!, d.period);
    const to = periodEnd(p.period!, interval, d.period);
    return h(
      'tr',
      null,
      h('th', { scope: 'row' }, interval === 'week' ? `Week of ${p.period}` : p.period!),
      h('td', null, countLink(p.sessions, { from, to }, `with a call start from ${from} to before ${to}`)),
      h('td', null, p.experienceMean === null ? '–' : num(p.experienceMean, 1)),
      h('td', null, pct(p.lowScore)),
    );
  });
  return h(
    'div',
    null,
    trendChart(
      series.map((p) => ({ label: p.period!, sessions: p.sessions, mean: p.experienceMean })),
      label,
      // The card's inner width, about: the chart is drawn at the size it is shown.
      Math.min(1100, Math.max(280, document.documentElement.clientWidth - 90)),
    ),
    h(
      'details',
      { class: 'ov-details' },
      h('summary', null, `Per ${interval}: the numbers`),
      tableWrap(
        `Sessions per ${interval}`,
        h(
          'table',
          { class: 'ov-table' },
          h('caption', { class: 'visually-hidden' }, label),
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              ...[interval === 'week' ? 'Week' : 'Day', 'Sessions', 'Mean score', 'Low score'].map((c) =>
                h('th', { scope: 'col' }, c),
              ),
            ),
          ),
          h('tbody', null, ...rows),
        ),
      ),
    ),
  );
}
