import { getJson, request } from './api.js';
import { h, replace, status } from './dom.js';
import { apiQuery, filtersForm } from './filters.js';
import { dateTime, duration, num } from './format.js';

interface ListItem {
  callscopeId: string;
  createdAt: string;
  sessionStart: string | null;
  sessionEnd: string | null;
  title: string;
  fileName: string;
  abstract: {
    browser: string | null;
    browserVersion: string | null;
    os: string | null;
    experienceScore: number | null;
    scoreBand: string;
    connectivity: string | null;
    observationsCritical: number;
    observationsHigh: number;
    observationsMedium: number;
  } | null;
}
interface ListResponse {
  data: ListItem[];
  totalCount: number;
  page: number;
  totalPages: number;
}

function row(item: ListItem, onDelete: (item: ListItem) => void): HTMLTableRowElement {
  const a = item.abstract;
  const span =
    item.sessionStart && item.sessionEnd ? Date.parse(item.sessionEnd) - Date.parse(item.sessionStart) : null;
  const cell = (label: string, ...content: (Node | string)[]) => h('td', { 'data-label': label }, ...content);
  return h(
    'tr',
    null,
    h(
      'th',
      { scope: 'row' },
      h('a', { href: `/sessions/${item.callscopeId}` }, item.title || 'Untitled session'),
      // Calls of one test page share a title: the file name tells them apart.
      h('span', { class: 'file-name' }, item.fileName),
    ),
    cell('Call start', dateTime(item.sessionStart ?? item.createdAt)),
    cell('Duration', duration(span)),
    cell(
      'Browser / OS',
      [a?.browser, a?.browserVersion].filter(Boolean).join(' ') + (a?.os ? ` / ${a.os}` : '') || '–',
    ),
    cell(
      'Score',
      h(
        'span',
        { class: `band band-${a?.scoreBand ?? 'unrated'}` },
        a?.experienceScore === null || !a ? '–' : num(a.experienceScore, 0),
      ),
    ),
    cell(
      'Issues',
      a
        ? `${a.observationsCritical} critical, ${a.observationsHigh} high, ${a.observationsMedium} medium`
        : '–',
    ),
    cell('Connectivity', a?.connectivity ?? '–'),
    cell(
      'Compare',
      h('input', {
        type: 'checkbox',
        class: 'compare-pick',
        value: item.callscopeId,
        'aria-label': `Compare ${item.title || 'Untitled session'} (${item.fileName})`,
      }),
    ),
    cell(
      'Actions',
      h(
        'button',
        {
          type: 'button',
          class: 'danger small',
          onclick: () => onDelete(item),
          'aria-label': `Delete ${item.title}`,
        },
        'Delete',
      ),
    ),
  );
}

/**
 * The filters, folded away on a phone (they would fill the screen above the first session) unless
 * some are set; open on a wider screen.
 */
function filtersBox(state: URLSearchParams, navigate: (q: URLSearchParams) => void): HTMLElement {
  const set = [...state.keys()].some((k) => k !== 'page' && k !== 'limit');
  return h(
    'details',
    { class: 'filters-box', open: set || matchMedia('(min-width: 701px)').matches },
    h('summary', null, set ? 'Filters (some set)' : 'Filters'),
    filtersForm(state, (q) => navigate(q)),
  );
}

/** Headings the list sorts by (GET /sessions' sort), each a button; the order is in the address. */
const SORTABLE: Record<string, string> = { 'Call start': 'callStart', Score: 'experienceScore' };
let refocus: string | undefined;

/**
 * A column heading; a sortable one's button sorts by it, highest first, then flips the order.
 * aria-sort says the current order (on a phone the headings are hidden: the filters' Sort by does it).
 */
function heading(text: string, state: URLSearchParams, navigate: (q: URLSearchParams) => void): HTMLElement {
  const by = SORTABLE[text];
  if (!by) return h('th', { scope: 'col' }, text);
  const sorted = state.get('sort') === by;
  const order = sorted && state.get('order') === 'asc' ? 'asc' : 'desc';
  const sort = () => {
    const q = new URLSearchParams(state);
    q.set('sort', by);
    q.set('order', sorted && order === 'desc' ? 'asc' : 'desc');
    q.delete('page');
    // The table is drawn again: the focus comes back to this heading's button (see load).
    refocus = by;
    navigate(q);
  };
  return h(
    'th',
    { scope: 'col', 'aria-sort': sorted ? (order === 'asc' ? 'ascending' : 'descending') : null },
    h(
      'button',
      { type: 'button', class: 'sort-button', 'data-sort': by, onclick: sort },
      text,
      h(
        'span',
        { class: 'sort-mark', 'aria-hidden': 'true' },
        sorted ? (order === 'asc' ? ' ▲' : ' ▼') : ' ↕',
      ),
    ),
  );
}

/** "Compare": enabled once two sessions of the table are ticked, it opens them side by side. */
function compareBar(table: HTMLElement): HTMLElement {
  const button = h('button', { type: 'button', disabled: true }, 'Compare the two ticked');
  const picked = () =>
    [...table.querySelectorAll<HTMLInputElement>('input.compare-pick:checked')].map((b) => b.value);
  const hint = h('span', { class: 'hint', 'aria-live': 'polite' }, 'Tick two sessions to compare them.');
  table.addEventListener('change', () => {
    const n = picked().length;
    button.disabled = n !== 2;
    hint.textContent = n === 2 ? '' : `Tick two sessions to compare them (${n} ticked).`;
  });
  button.addEventListener('click', () => {
    const [a, b] = picked();
    if (a && b) location.assign(`/compare?${new URLSearchParams({ a, b })}`);
  });
  return h('div', { class: 'actions compare-bar' }, button, hint);
}

/** The sessions list: filters, results and paging, with the state in the address bar. */
export function sessionsList(): { element: HTMLElement; refresh: () => void } {
  const results = h('div', { class: 'results', 'aria-live': 'polite', 'aria-busy': 'false' });
  let state = new URLSearchParams(location.search);
  const load = async () => {
    results.setAttribute('aria-busy', 'true');
    try {
      const res = await getJson<ListResponse>(`/v1.0/sessions?${apiQuery(state)}`);
      const goto = (page: number) => () =>
        navigate(new URLSearchParams({ ...Object.fromEntries(state), page: String(page) }));
      const table = h(
        'table',
        { class: 'sessions' },
        h('caption', { class: 'visually-hidden' }, 'Stored sessions'),
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            ...[
              'Session',
              'Call start',
              'Duration',
              'Browser / OS',
              'Score',
              'Issues',
              'Connectivity',
              'Compare',
              'Actions',
            ].map((c) => heading(c, state, navigate)),
          ),
        ),
        h('tbody', null, ...res.data.map((item) => row(item, remove))),
      );
      replace(
        results,
        res.data.length ? compareBar(table) : null,
        res.data.length ? table : h('p', null, 'No session matches these filters.'),
        h(
          'nav',
          { class: 'pager', 'aria-label': 'Pages' },
          h('button', { type: 'button', disabled: res.page <= 1, onclick: goto(res.page - 1) }, 'Previous'),
          h('span', null, `Page ${res.page} of ${Math.max(1, res.totalPages)} · ${res.totalCount} sessions`),
          h(
            'button',
            { type: 'button', disabled: res.page >= res.totalPages, onclick: goto(res.page + 1) },
            'Next',
          ),
        ),
      );
    } catch (error) {
      replace(results, h('p', { class: 'form-error', role: 'alert' }, (error as Error).message));
    }
    results.setAttribute('aria-busy', 'false');
    if (refocus) results.querySelector<HTMLElement>(`button.sort-button[data-sort="${refocus}"]`)?.focus();
    refocus = undefined;
  };
  const navigate = (q: URLSearchParams) => {
    state = q;
    // The filters' Sort by and Order follow a sort chosen with a heading.
    for (const name of ['sort', 'order']) {
      const select = element.querySelector<HTMLSelectElement>(`form.filters select[name="${name}"]`);
      const value = q.get(name) ?? '';
      if (select) select.value = name === 'order' && value === 'desc' ? '' : value;
    }
    history.replaceState(null, '', `${location.pathname}${q.size ? `?${q}` : ''}`);
    void load();
  };
  async function remove(item: ListItem) {
    if (!confirm(`Delete "${item.title}"? Its dump and its analysis are removed for good.`)) return;
    try {
      await request(`/v1.0/sessions/${item.callscopeId}`, { method: 'DELETE' });
      status(`Deleted "${item.title}".`);
    } catch (error) {
      status((error as Error).message, 'error');
    }
    await load();
  }
  const element = h(
    'section',
    { class: 'card', 'aria-labelledby': 'list-title' },
    h('h2', { id: 'list-title' }, 'Stored sessions'),
    filtersBox(state, navigate),
    results,
  );
  void load();
  return { element, refresh: () => void load() };
}
