/**
 * The Overview's sections. Every count is a link to the session list filtered to exactly the
 * sessions counted (the period's call start range plus the count's own filter), so a number on
 * this page and the list it opens always agree.
 */
import { h, tableWrap } from './dom.js';
import { num, words } from './format.js';
import { meter, stackedBar, trendChart } from './overview-charts.js';
import {
  clipStart,
  type Insights,
  type ListFilter,
  listHref,
  type OverviewData,
  periodEnd,
  type ShareChange,
  sessionsOf,
} from './overview-data.js';

const pct = (share: number) => `${num(share * 100, 1)} %`;
const points = (change: number) =>
  `${change > 0 ? '+' : change < 0 ? '−' : '±'}${num(Math.abs(change * 100), 1)} pts`;

/** A count that opens the list of its sessions; `what` completes "N sessions …" for screen readers. */
export function countLink(n: number, filter: ListFilter, what: string): HTMLAnchorElement {
  return h(
    'a',
    { href: listHref(filter), class: 'ov-count' },
    String(n),
    h('span', { class: 'visually-hidden' }, ` ${n === 1 ? 'session' : 'sessions'} ${what}`),
  );
}

/** The list filter of a compared share (compare.ts names them). */
function shareFilter(c: Pick<ShareChange, 'kind' | 'name'>): ListFilter {
  if (c.kind === 'score') return { band: 'low' };
  if (c.kind === 'severity') return { severity: c.name === 'withCritical' ? 'critical' : 'high' };
  return { observationFlags: c.name };
}

function shareName(c: Pick<ShareChange, 'kind' | 'name'>, titles: Map<string, string>): string {
  if (c.name === 'lowScore') return 'Low experience score (under 60)';
  if (c.name === 'withCritical') return 'With a critical observation';
  if (c.name === 'withHigh') return 'With a high observation';
  return titles.get(c.name) ?? words(c.name);
}

/** The change from the previous period, in words and with its direction. */
function trend(c: ShareChange | undefined): HTMLElement {
  if (!c) return h('span', { class: 'ov-trend-flat' }, 'none before');
  const cls = c.significant ? (c.worse ? 'ov-worse' : 'ov-better') : 'ov-trend-flat';
  return h(
    'span',
    { class: cls },
    `${points(c.change)} (was ${pct(c.baseline.share)})`,
    c.significant ? h('span', { class: 'ov-sig' }, c.worse ? ' worse' : ' better') : null,
  );
}

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

/** The most frequent observation types or causes (critical, high or medium) and their change. */
export function topTypes(
  d: OverviewData,
  range: ListFilter,
  kind: 'observation' | 'cause',
  caption: string,
): HTMLElement {
  const rows = (d.main.compare?.shares ?? [])
    .filter((s) => s.kind === kind && s.current.sessions > 0)
    .sort((a, b) => b.current.sessions - a.current.sessions || a.name.localeCompare(b.name))
    .slice(0, 8);
  if (rows.length === 0)
    return h(
      'p',
      { class: 'hint' },
      kind === 'cause'
        ? 'No cause found in this period.'
        : 'No observation at critical, high or medium in this period.',
    );
  return tableWrap(
    caption,
    h(
      'table',
      { class: 'ov-table' },
      h('caption', { class: 'visually-hidden' }, caption),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ...['Type', 'Sessions', 'Share', 'Versus previous period'].map((c) => h('th', { scope: 'col' }, c)),
        ),
      ),
      h(
        'tbody',
        null,
        ...rows.map((s) =>
          h(
            'tr',
            null,
            h('th', { scope: 'row' }, shareName(s, d.titles)),
            h(
              'td',
              null,
              countLink(
                s.current.sessions,
                { ...range, observationFlags: s.name },
                `with ${shareName(s, d.titles)}`,
              ),
            ),
            h('td', { class: 'ov-share' }, meter(s.current.share), pct(s.current.share)),
            h('td', null, trend(s)),
          ),
        ),
      ),
    ),
  );
}

const DIMENSIONS = { browser: 'Browser', os: 'Operating system', connectivity: 'Connectivity' } as const;

export function breakdown(
  d: OverviewData,
  range: ListFilter,
  dimension: keyof typeof DIMENSIONS,
): HTMLElement {
  const answer: Insights = d.by[dimension];
  const n = answer.total.sessions;
  const label = DIMENSIONS[dimension];
  const rows = answer.groups.slice(0, 8).map((g) => {
    const name = g.key ?? 'Unknown';
    const filter = g.key === null ? undefined : { ...range, [dimension]: g.key };
    const low = sessionsOf(g.scores.experienceScore?.bands?.low, g.sessions);
    return h(
      'tr',
      null,
      h('th', { scope: 'row' }, name),
      h(
        'td',
        { class: 'ov-share' },
        meter(n > 0 ? g.sessions / n : 0),
        // Sessions with no value are not a filter the list takes: their count is not a link.
        filter ? countLink(g.sessions, filter, `on ${name}`) : String(g.sessions),
      ),
      h('td', null, g.scores.experienceScore?.mean == null ? '–' : num(g.scores.experienceScore.mean, 1)),
      h(
        'td',
        null,
        filter ? countLink(low, { ...filter, band: 'low' }, `on ${name} with a low score`) : String(low),
      ),
    );
  });
  return h(
    'section',
    { class: 'ov-breakdown', 'aria-labelledby': `ov-by-${dimension}` },
    h('h3', { id: `ov-by-${dimension}` }, `By ${label.toLowerCase()}`),
    rows.length === 0
      ? h('p', { class: 'hint' }, 'No session in this period.')
      : tableWrap(
          `Sessions by ${label.toLowerCase()}`,
          h(
            'table',
            { class: 'ov-table' },
            h('caption', { class: 'visually-hidden' }, `Sessions by ${label.toLowerCase()}`),
            h(
              'thead',
              null,
              h(
                'tr',
                null,
                ...[label, 'Sessions', 'Mean score', 'Low score'].map((c) => h('th', { scope: 'col' }, c)),
              ),
            ),
            h('tbody', null, ...rows),
          ),
        ),
  );
}

/** Significant changes from the previous period (compare=period), worse ones first. */
export function regressions(d: OverviewData, range: ListFilter): HTMLElement {
  const c = d.main.compare;
  if (!c) return h('p', null, 'No comparison.');
  const shares = c.shares.filter((s) => s.significant === true);
  const scores = c.scores.filter((s) => s.significant === true);
  const items = [
    ...shares.map((s) => ({
      worse: s.worse,
      node: h(
        'li',
        { class: s.worse ? 'ov-worse-item' : 'ov-better-item' },
        h('strong', null, s.worse ? 'Worse: ' : 'Better: '),
        // A type that is also a cause is compared twice: as an observation and as a cause.
        `${shareName(s, d.titles)}${s.kind === 'cause' ? ' (as a cause)' : s.kind === 'observation' ? ' (observed)' : ''}: ${pct(s.baseline.share)} → ${pct(s.current.share)} of sessions (${points(s.change)}, p = ${s.pValue}); now `,
        countLink(s.current.sessions, { ...range, ...shareFilter(s) }, 'in this period'),
        '.',
      ),
    })),
    ...scores.map((s) => ({
      worse: s.worse,
      node: h(
        'li',
        { class: s.worse ? 'ov-worse-item' : 'ov-better-item' },
        h('strong', null, s.worse ? 'Worse: ' : 'Better: '),
        `${words(s.metric)}: mean ${num(s.baseline.mean ?? s.baseline.p50, 2)} → ${num(s.current.mean ?? s.current.p50, 2)} over ${s.current.count} sessions (p = ${s.pValue}); `,
        h(
          'a',
          { href: listHref({ ...range, sort: 'experienceScore', order: 'asc' }) },
          'the sessions, lowest score first',
        ),
        '.',
      ),
    })),
  ].sort((a, b) => Number(b.worse) - Number(a.worse));
  const method = h(
    'p',
    { class: 'hint' },
    `Compared with the ${d.period.days} days before (${c.baseline.sessions} sessions). Tests: ${c.method.shares} for shares, ${c.method.scores} for scores; ${c.method.significance}; at least ${c.method.minCount} sessions on each side.`,
  );
  if (items.length === 0)
    return h('div', null, h('p', null, 'No significant change from the previous period.'), method);
  return h('div', null, h('ul', { class: 'ov-regressions' }, ...items.map((i) => i.node)), method);
}
