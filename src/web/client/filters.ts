import { h, uid } from './dom.js';
import { commaList } from './format.js';
import { TAGS } from './types.js';

/** Form fields → API query: the same filters as GET /v1.0/sessions. */
const BANDS: Record<string, string> = { high: 'hasHighScore', medium: 'hasMediumScore', low: 'hasLowScore' };
const SEVERITY: Record<string, string> = { critical: 'hasCritical', high: 'hasHigh', medium: 'hasMedium' };

export function apiQuery(form: URLSearchParams): URLSearchParams {
  const q = new URLSearchParams();
  for (const key of ['name', 'fileName', 'browser', 'os', 'observationFlags']) {
    const text = form.get(key) ?? '';
    const v = key === 'browser' || key === 'os' ? text.trim() : commaList(text);
    if (v) q.set(key, v);
  }
  // Exact values, as the Overview's links set them: the call start range, connectivity, the order.
  for (const key of ['from', 'to', 'connectivity', 'sort', 'order']) {
    const v = form.get(key)?.trim();
    if (v) q.set(key, v);
  }
  const band = BANDS[form.get('band') ?? ''];
  if (band) q.set(band, 'true');
  // Unrated (no media to score): in none of the three bands.
  if (form.get('band') === 'unrated') for (const flag of Object.values(BANDS)) q.set(flag, 'false');
  const severity = SEVERITY[form.get('severity') ?? ''];
  if (severity) q.set(severity, 'true');
  const tags = form.getAll('tag');
  if (tags.length) q.set('observationTags', tags.join(','));
  q.set('limit', form.get('limit') || '25');
  q.set('page', form.get('page') || '1');
  return q;
}

function field(label: string, control: HTMLInputElement | HTMLSelectElement): HTMLElement {
  control.id = uid(control.name);
  return h('div', { class: 'field' }, h('label', { for: control.id }, label), control);
}

function select(name: string, value: string, options: [string, string][]): HTMLSelectElement {
  return h(
    'select',
    { name },
    ...options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)),
  );
}

export function filtersForm(state: URLSearchParams, onApply: (q: URLSearchParams) => void): HTMLFormElement {
  const text = (name: string, list?: string) =>
    h('input', {
      name,
      type: 'search',
      value: state.get(name) ?? '',
      list: list ?? null,
      autocomplete: 'off',
    });
  // A day (the API reads it as 00:00 UTC); a date-time from a link is kept when the field is left alone.
  const date = (name: string) => {
    const value = state.get(name) ?? '';
    return h('input', {
      name,
      type: /^\d{4}-\d{2}-\d{2}$/.test(value) || !value ? 'date' : 'text',
      value,
      autocomplete: 'off',
    });
  };
  const tags = h(
    'fieldset',
    { class: 'tags' },
    h('legend', null, 'Observation tags (any)'),
    ...TAGS.map((tag) => {
      const id = uid('tag');
      const box = h('input', {
        type: 'checkbox',
        id,
        name: 'tag',
        value: tag,
        checked: state.getAll('tag').includes(tag),
      });
      return h('span', { class: 'check' }, box, h('label', { for: id }, tag));
    }),
  );
  const form = h(
    'form',
    { class: 'filters', role: 'search', 'aria-label': 'Filter sessions' },
    field('Title contains', text('name')),
    field('File name contains', text('fileName')),
    field(
      'Score band',
      select('band', state.get('band') ?? '', [
        ['', 'Any'],
        ['high', 'High (80 and over)'],
        ['medium', 'Medium (60 to 79)'],
        ['low', 'Low (under 60)'],
        ['unrated', 'Unrated (no media)'],
      ]),
    ),
    field(
      'Severity',
      select('severity', state.get('severity') ?? '', [
        ['', 'Any'],
        ['critical', 'Has critical'],
        ['high', 'Has high'],
        ['medium', 'Has medium'],
      ]),
    ),
    field('Browser', text('browser', 'browsers')),
    field('OS', text('os', 'systems')),
    field('Observation types (comma-separated)', text('observationFlags')),
    field('Connectivity', text('connectivity', 'connectivities')),
    field('Call start on or after', date('from')),
    field('Call start before', date('to')),
    field(
      'Sort by',
      select('sort', state.get('sort') ?? '', [
        ['', 'Stored'],
        ['callStart', 'Call start'],
        ['experienceScore', 'Experience score'],
      ]),
    ),
    field(
      'Order',
      select('order', state.get('order') ?? '', [
        ['', 'Descending'],
        ['asc', 'Ascending'],
      ]),
    ),
    field(
      'Per page',
      select('limit', state.get('limit') ?? '25', [
        ['10', '10'],
        ['25', '25'],
        ['50', '50'],
        ['100', '100'],
      ]),
    ),
    tags,
    h(
      'datalist',
      { id: 'browsers' },
      ...['Chrome', 'Chromium', 'Edge', 'Firefox', 'Safari', 'Opera'].map((v) => h('option', { value: v })),
    ),
    h(
      'datalist',
      { id: 'connectivities' },
      ...['DIRECT/UDP', 'DIRECT/TCP', 'RELAY/UDP', 'RELAY/TCP', 'RELAY/TLS'].map((v) =>
        h('option', { value: v }),
      ),
    ),
    h(
      'datalist',
      { id: 'systems' },
      ...['Windows', 'macOS', 'Linux', 'Android', 'iOS', 'ChromeOS'].map((v) => h('option', { value: v })),
    ),
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'submit', class: 'primary' }, 'Apply filters'),
      h('button', { type: 'reset' }, 'Clear'),
    ),
  );
  const apply = () => {
    const q = new URLSearchParams();
    for (const [k, v] of new FormData(form)) if (typeof v === 'string' && v.trim()) q.append(k, v.trim());
    onApply(q);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });
  form.addEventListener('reset', () => setTimeout(apply));
  return form;
}
