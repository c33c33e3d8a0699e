/**
 * The Overview's tables: top causes and observation types against the previous period, the
 * breakdowns by browser, OS and connectivity, and the significant changes of compare=period.
 * Each count is a link to the list of exactly its sessions.
 */
import { h, tableWrap } from './dom.js';
import { num, words } from './format.js';
import { meter } from './overview-charts.js';
import { type Insights, type ListFilter, listHref, type OverviewData, sessionsOf } from './overview-data.js';
import { countLink, pct, points, shareFilter, shareName, trend } from './overview-parts.js';

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
