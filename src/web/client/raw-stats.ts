import { ApiFailure } from './api.js';
import { h, replace, uid } from './dom.js';
import { eventLog, getRawJson } from './event-log.js';
import { drawRawChart, type PlotSeries, unitOf } from './raw-stats-chart.js';

/** GET .../raw-stats (model/api/raw-stats.ts). */
interface RawIndex {
  format: string;
  clientEvents: number;
  connections: {
    id: string;
    url: string | null;
    events: number;
    reports: {
      id: string;
      type: string;
      samples: number;
      attributes: { name: string; numeric: boolean; samples: number }[];
    }[];
  }[];
}

interface SeriesReply {
  series: {
    connection: string;
    report: string;
    attribute: string;
    kind: Kind;
    t: number[];
    v: (number | null)[];
  }[];
}

type Kind = 'value' | 'rate';
interface Pick {
  connection: string;
  report: string;
  attribute: string;
  kind: Kind;
}

/** As the series route allows (RAW_LIMITS.maxSeries). */
const MAX_SERIES = 12;
/** Attributes shown for a search at most: a short query on a long call would list thousands. */
const MAX_MATCHES = 300;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const keyOf = (p: Pick) => JSON.stringify([p.connection, p.report, p.attribute, p.kind]);

/**
 * Raw stats: every report and attribute of the dump, by connection and type, searchable; numeric
 * attributes plotted as a value or a rate on one chart; the event log with SDP diffs. The data is
 * read from the stored dump when the section is first opened (`base`: the session's API path).
 */
export function rawStatsSection(base: string, t0: number): HTMLElement {
  const details = h(
    'details',
    { class: 'raw-explorer' },
    h('summary', null, 'Explore every stats report, attribute and event of the dump'),
  );
  details.addEventListener('toggle', () => void open(details, base, t0), { once: true });
  return h(
    'section',
    { id: 'raw-stats', class: 'card', 'aria-labelledby': 'raw-stats-title' },
    h('h2', { id: 'raw-stats-title' }, 'Raw stats'),
    details,
  );
}

async function open(details: HTMLElement, base: string, t0: number): Promise<void> {
  const loading = h('p', { role: 'status' }, 'Reading the dump…');
  details.append(loading);
  let index: RawIndex;
  try {
    index = await getRawJson<RawIndex>(`${base}/raw-stats`);
  } catch (error) {
    const message = error instanceof ApiFailure ? error.message : 'The dump could not be read.';
    replace(loading, `The raw stats could not be read: ${message}`);
    loading.setAttribute('role', 'alert');
    return;
  }
  loading.remove();
  const picks = new Map<string, Pick>();
  const chartHost = h('div', { class: 'raw-chart' });
  const chosen = h('ul', { class: 'raw-chosen' });
  const chartStatus = h(
    'p',
    { class: 'hint', role: 'status' },
    'Tick value or rate next to an attribute to plot it.',
  );
  let drawing = 0;

  async function redraw(): Promise<void> {
    const list = [...picks.values()];
    const mine = ++drawing;
    replace(
      chosen,
      list.map((p) =>
        h(
          'li',
          null,
          `${p.attribute} (${p.kind}) · ${p.report} · ${p.connection} `,
          h('button', { type: 'button', class: 'small', onclick: () => toggle(p, false) }, 'Remove'),
        ),
      ),
    );
    if (list.length === 0) {
      chartStatus.textContent = 'Tick value or rate next to an attribute to plot it.';
      await drawRawChart(chartHost, [], t0);
      return;
    }
    const maxPoints = Math.min(4000, Math.max(200, Math.floor(chartHost.clientWidth * 2)));
    chartStatus.textContent = 'Loading the series…';
    try {
      const reply = await getRawJson<SeriesReply>(`${base}/raw-stats/series?${seriesQuery(list, maxPoints)}`);
      if (mine !== drawing) return;
      const series: PlotSeries[] = reply.series.map((s) => ({
        label: `${s.attribute}${s.kind === 'rate' ? ' /s' : ''} · ${s.report}`,
        unit: unitOf(s.attribute, s.kind),
        t: s.t,
        v: s.v,
      }));
      await drawRawChart(chartHost, series, t0);
      chartStatus.textContent = `${series.length} series plotted.`;
    } catch (error) {
      if (mine === drawing)
        chartStatus.textContent = `The series could not be read: ${(error as Error).message}`;
    }
  }

  function toggle(p: Pick, on: boolean): void {
    const key = keyOf(p);
    if (on) picks.set(key, p);
    else picks.delete(key);
    for (const box of details.querySelectorAll<HTMLInputElement>('input[data-pick]'))
      if (box.dataset.pick === key) box.checked = on;
    syncLimit();
    // Ticks in quick succession make one request.
    clearTimeout(pending);
    pending = window.setTimeout(() => void redraw(), 120);
  }
  let pending: number | undefined;

  function syncLimit(): void {
    const full = picks.size >= MAX_SERIES;
    for (const box of details.querySelectorAll<HTMLInputElement>('input[data-pick]'))
      box.disabled = full && !box.checked;
  }

  const pickBox = (p: Pick, label: string) => {
    const id = uid('pick');
    const key = keyOf(p);
    const box = h('input', { type: 'checkbox', id, 'data-pick': key, checked: picks.has(key) });
    box.disabled = picks.size >= MAX_SERIES && !picks.has(key);
    box.addEventListener('change', () => toggle(p, box.checked));
    return h('span', { class: 'check' }, box, h('label', { for: id }, label));
  };

  const attributeItem = (
    connection: string,
    report: string,
    a: RawIndex['connections'][0]['reports'][0]['attributes'][0],
  ) =>
    h(
      'li',
      null,
      h('span', { class: 'attr-name' }, a.name),
      ' ',
      h('span', { class: 'hint' }, `${plural(a.samples, 'sample')}${a.numeric ? '' : ', text'}`),
      a.numeric
        ? h(
            'span',
            { class: 'picks' },
            pickBox({ connection, report, attribute: a.name, kind: 'value' }, 'value'),
            pickBox({ connection, report, attribute: a.name, kind: 'rate' }, 'rate'),
          )
        : null,
    );

  const tree = h('div', { class: 'raw-tree', role: 'region', 'aria-label': 'Stats reports', tabindex: 0 });
  function renderTree(query: string): void {
    const q = query.trim().toLowerCase();
    let shown = 0;
    const groups = index.connections.map((c) => {
      const byType = new Map<string, typeof c.reports>();
      for (const r of c.reports) byType.set(r.type, [...(byType.get(r.type) ?? []), r]);
      const types = [...byType].flatMap(([type, reports]) => {
        const items = reports.flatMap((r) => {
          const whole = !q || [c.id, type, r.id].some((s) => s.toLowerCase().includes(q));
          const attributes = whole
            ? r.attributes
            : r.attributes.filter((a) => a.name.toLowerCase().includes(q));
          if (attributes.length === 0 || shown >= MAX_MATCHES) return [];
          if (q) shown += attributes.length;
          const list = h('ul', { class: 'raw-attributes' });
          const report = h(
            'details',
            { class: 'raw-report', open: Boolean(q) && !whole },
            h(
              'summary',
              null,
              r.id,
              ' ',
              h(
                'span',
                { class: 'hint' },
                `${plural(r.samples, 'sample')}, ${plural(attributes.length, 'attribute')}`,
              ),
            ),
            list,
          );
          // Attributes are drawn when their report opens: a long call has thousands.
          const fill = () => {
            if (list.childElementCount === 0)
              list.append(...attributes.map((a) => attributeItem(c.id, r.id, a)));
          };
          if (q && !whole) fill();
          else report.addEventListener('toggle', fill);
          return [report];
        });
        if (items.length === 0) return [];
        return [
          h(
            'details',
            { class: 'raw-type', open: Boolean(q) },
            h('summary', null, `${type} (${items.length})`),
            items,
          ),
        ];
      });
      if (types.length === 0) return null;
      return h(
        'details',
        { class: 'raw-connection', open: index.connections.length === 1 || Boolean(q) },
        h(
          'summary',
          null,
          `Connection ${c.id}`,
          c.url ? ` · ${c.url}` : '',
          ` (${c.reports.length} reports, ${c.events} events)`,
        ),
        types,
      );
    });
    const found = groups.filter(Boolean);
    replace(
      tree,
      found.length === 0
        ? h('p', { class: 'hint' }, q ? `Nothing matches “${query.trim()}”.` : 'This dump has no stats.')
        : found,
      q && shown >= MAX_MATCHES
        ? h('p', { class: 'hint' }, `The first ${MAX_MATCHES} matches: narrow the search.`)
        : null,
    );
  }

  const searchId = uid('raw-search');
  const search = h('input', {
    type: 'search',
    id: searchId,
    placeholder: 'bytesReceived, inbound-rtp, a stats id…',
    autocomplete: 'off',
  });
  let timer: number | undefined;
  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = window.setTimeout(() => renderTree(search.value), 150);
  });
  renderTree('');
  const reports = index.connections.reduce((n, c) => n + c.reports.length, 0);
  details.append(
    h(
      'p',
      { class: 'hint' },
      `${plural(index.connections.length, 'connection')}, ${plural(reports, 'report')}, read from the ${index.format} dump.`,
    ),
    h(
      'div',
      { class: 'raw-search' },
      h('label', { for: searchId }, 'Search reports and attributes '),
      search,
    ),
    h(
      'div',
      { class: 'raw-layout' },
      tree,
      h('div', { class: 'raw-plot-area' }, chartStatus, chartHost, chosen),
    ),
    eventLog(
      base,
      index.connections.map((c) => c.id),
      t0,
    ),
  );
}

/** The series query: one of each parameter per series, each value percent-encoded. */
function seriesQuery(list: Pick[], maxPoints: number): string {
  const e = encodeURIComponent;
  return [
    ...list.map(
      (p) => `connection=${e(p.connection)}&report=${e(p.report)}&attribute=${e(p.attribute)}&kind=${p.kind}`,
    ),
    `maxPoints=${maxPoints}`,
  ].join('&');
}
