import { h, main, replace, status, uid } from './dom.js';
import { type Days, DEFAULT_DAYS, listHref, loadOverview, PERIODS, periodOf } from './overview-data.js';
import { distribution, headline, scoreTrend } from './overview-sections.js';
import { breakdown, regressions, topTypes } from './overview-tables.js';
import { requireSignIn } from './signin.js';
import { sectionNav } from './site-nav.js';

/**
 * The Overview, the landing page once signed in: the account's calls of the last 7, 30 or 90 days
 * as a whole (GET /v1.0/insights), each number a link to its sessions in the list. The period is
 * in the address (`?days=`), so a view can be shared and comes back on reload.
 */
export async function renderOverview(): Promise<void> {
  await requireSignIn();
  sectionNav('overview');
  const results = h('div', { class: 'ov-results', 'aria-live': 'polite', 'aria-busy': 'false' });
  const picker = periodPicker(daysOf(location.search), (days) => {
    const q = new URLSearchParams(location.search);
    q.set('days', String(days));
    history.replaceState(null, '', `${location.pathname}?${q}`);
    void show(days);
  });
  replace(main(), h('h1', null, 'Overview'), picker, results);
  async function show(days: Days) {
    results.setAttribute('aria-busy', 'true');
    try {
      replace(results, ...(await sections(days)));
      status('');
    } catch (error) {
      replace(results, h('p', { class: 'form-error', role: 'alert' }, (error as Error).message));
    }
    results.setAttribute('aria-busy', 'false');
  }
  await show(daysOf(location.search));
}

function daysOf(search: string): Days {
  const n = Number(new URLSearchParams(search).get('days'));
  return (PERIODS as readonly number[]).includes(n) ? (n as Days) : DEFAULT_DAYS;
}

/** Radio buttons: one tab stop, arrows move between the periods (the browser's own behaviour). */
function periodPicker(days: Days, onChange: (days: Days) => void): HTMLElement {
  const name = uid('period');
  return h(
    'fieldset',
    { class: 'ov-period' },
    h('legend', null, 'Period (by call start, UTC days)'),
    ...PERIODS.map((n) => {
      const id = uid('days');
      return h(
        'span',
        { class: 'ov-period-option' },
        h('input', {
          type: 'radio',
          id,
          name,
          value: String(n),
          checked: n === days,
          onchange: () => onChange(n),
        }),
        h('label', { for: id }, `${n} days`),
      );
    }),
  );
}

const card = (id: string, title: string, ...content: (Node | null)[]) =>
  h('section', { class: 'card ov-card', 'aria-labelledby': id }, h('h2', { id }, title), ...content);

async function sections(days: Days): Promise<HTMLElement[]> {
  const d = await loadOverview(periodOf(days));
  const range = { from: d.period.from, to: d.period.to };
  if (d.stored === 0)
    return [
      card(
        'ov-empty',
        'No sessions yet',
        h(
          'p',
          null,
          'This account has no stored session. Upload a WebRTC dump on the ',
          h('a', { href: '/sessions' }, 'Sessions page'),
          ' (or with the API) and its calls are counted here.',
        ),
      ),
    ];
  const span = `${d.period.from} to ${d.period.to} (UTC, the last day not included)`;
  if (d.main.total.sessions === 0)
    return [
      card(
        'ov-empty',
        `No calls in the last ${days} days`,
        h(
          'p',
          null,
          `No stored session has a call start from ${span}. `,
          h('a', { href: listHref({}) }, `All ${d.stored} sessions`),
          ' are in the list; a longer period may hold some.',
        ),
      ),
    ];
  return [
    card(
      'ov-head',
      `Last ${days} days`,
      h('p', { class: 'hint' }, `Calls started from ${span}.`),
      headline(d, range),
    ),
    card(
      'ov-scores',
      'Experience scores',
      distribution(d, range),
      h('h3', null, `Trend per ${d.main.interval === 'week' ? 'week' : 'day'}`),
      scoreTrend(d),
    ),
    card(
      'ov-top',
      'Top causes and observations',
      h(
        'div',
        { class: 'ov-grid' },
        h('div', null, h('h3', null, 'Causes'), topTypes(d, range, 'cause', 'Top causes')),
        h(
          'div',
          null,
          h('h3', null, 'Observation types'),
          topTypes(d, range, 'observation', 'Top observation types'),
        ),
      ),
    ),
    card(
      'ov-breakdowns',
      'Breakdowns',
      h(
        'div',
        { class: 'ov-grid' },
        breakdown(d, range, 'browser'),
        breakdown(d, range, 'os'),
        breakdown(d, range, 'connectivity'),
      ),
    ),
    card('ov-regressions', 'Regressions', regressions(d, range)),
  ];
}
