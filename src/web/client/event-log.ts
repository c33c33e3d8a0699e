import { ApiFailure, getJson } from './api.js';
import { h, replace, tableWrap, uid } from './dom.js';
import { clock } from './format.js';
import { diffCounts, diffLines, sdpLines } from './sdp-diff.js';

/** One entry of GET .../events (model/api/raw-stats.ts). */
export interface RawEvent {
  index: number;
  connection: string | null;
  timestamp: number | null;
  type: string;
  value: string;
  sdpType: string | null;
  sdp: string | null;
}

interface EventsPage {
  total: number;
  offset: number;
  nextOffset: number | null;
  events: RawEvent[];
}

const PAGE = 100;

/**
 * getJson for the explorer's routes. An account reads one dump at a time and turns a crowd away
 * with 429 (a quick series of clicks can make one): such a read is tried again a little later.
 */
export async function getRawJson<T>(path: string): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await getJson<T>(path);
    } catch (error) {
      if (!(error instanceof ApiFailure) || error.status !== 429 || attempt >= 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, 800 * attempt));
    }
  }
}

/** Local or remote: descriptions are compared with the one before them on the same side. */
const sideOf = (type: string) => (/remote/i.test(type) ? 'remote' : 'local');

/**
 * The dump's event log, a page at a time (API calls, state changes, descriptions), per connection
 * or all; each description shows its SDP and what changed against the previous one on its side.
 */
export function eventLog(base: string, connections: string[], t0: number): HTMLElement {
  const state = { connection: '', only: false, offset: 0 };
  /** The descriptions of each connection, fetched once, for the diffs. */
  const descriptions = new Map<string, Promise<RawEvent[]>>();
  const selectId = uid('log-connection');
  const onlyId = uid('log-only');
  const select = h(
    'select',
    { id: selectId },
    h('option', { value: '' }, 'All'),
    h('option', { value: 'client' }, 'Client (getUserMedia, devices)'),
    connections.map((c) => h('option', { value: c }, c)),
  );
  const only = h('input', { type: 'checkbox', id: onlyId });
  const body = h('div', { class: 'event-log-body' });
  const pager = h('div', { class: 'pager' });
  const at = (e: RawEvent) => (e.timestamp === null ? '–' : clock((e.timestamp - t0) / 1000));

  const previousOf = async (e: RawEvent): Promise<RawEvent | undefined> => {
    if (e.connection === null) return undefined;
    let list = descriptions.get(e.connection);
    if (!list) {
      const q = new URLSearchParams({ connection: e.connection, only: 'sdp', limit: '500' });
      list = getRawJson<EventsPage>(`${base}/events?${q}`).then((p) => p.events);
      descriptions.set(e.connection, list);
    }
    const side = sideOf(e.type);
    return (await list).filter((d) => d.index < e.index && sideOf(d.type) === side).at(-1);
  };

  const sdpView = (e: RawEvent): HTMLElement => {
    const diffHost = h('div', { class: 'sdp-diff' }, 'Comparing with the previous description…');
    const details = h(
      'details',
      { class: 'sdp' },
      h('summary', null, `SDP ${e.sdpType ?? ''} (${sdpLines(e.sdp!).length} lines) and its changes`),
      diffHost,
      h(
        'details',
        null,
        h('summary', null, 'Whole SDP'),
        h(
          'pre',
          { class: 'sdp-text', tabindex: 0, role: 'region', 'aria-label': `SDP of event ${e.index}` },
          e.sdp,
        ),
      ),
    );
    details.addEventListener(
      'toggle',
      () => {
        void previousOf(e).then((prev) => {
          if (!prev?.sdp) {
            replace(
              diffHost,
              h('p', { class: 'hint' }, `The first ${sideOf(e.type)} description of its connection.`),
            );
            return;
          }
          const diff = diffLines(sdpLines(prev.sdp), sdpLines(e.sdp!));
          const { added, removed } = diffCounts(diff);
          replace(
            diffHost,
            h(
              'p',
              { class: 'hint' },
              `Against event ${prev.index} (${prev.type}): ${added} lines added, ${removed} removed.`,
            ),
            added + removed === 0
              ? null
              : h(
                  'pre',
                  {
                    class: 'sdp-text diff',
                    tabindex: 0,
                    role: 'region',
                    'aria-label': `Changes of event ${e.index}`,
                  },
                  diff.map((l) =>
                    h(
                      'span',
                      { class: `diff-${l.op}` },
                      `${l.op === 'added' ? '+ ' : l.op === 'removed' ? '- ' : '  '}${l.text}\n`,
                    ),
                  ),
                ),
          );
        });
      },
      { once: true },
    );
    return details;
  };

  let loads = 0;
  async function load(): Promise<void> {
    const q = new URLSearchParams({ offset: String(state.offset), limit: String(PAGE) });
    if (state.connection) q.set('connection', state.connection);
    if (state.only) q.set('only', 'sdp');
    const mine = ++loads;
    body.setAttribute('aria-busy', 'true');
    const page = await getRawJson<EventsPage>(`${base}/events?${q}`);
    // A later choice (another connection, descriptions only) was made meanwhile: its page wins.
    if (mine !== loads) return;
    body.removeAttribute('aria-busy');
    // The query shown, for tests and for anyone inspecting the page.
    body.dataset.query = q.toString();
    const rows = page.events.map((e) =>
      h(
        'tr',
        null,
        h('td', null, String(e.index)),
        h('td', null, at(e)),
        h('td', null, e.connection ?? 'client'),
        h('td', null, h('code', null, e.type)),
        h(
          'td',
          { class: 'event-value' },
          e.value ? h('code', null, e.value) : null,
          e.sdp ? sdpView(e) : null,
        ),
      ),
    );
    replace(
      body,
      page.events.length === 0
        ? h('p', { class: 'hint' }, 'No event.')
        : tableWrap(
            'Event log',
            h(
              'table',
              { class: 'event-table' },
              h('caption', { class: 'visually-hidden' }, 'Event log'),
              h(
                'thead',
                null,
                h(
                  'tr',
                  null,
                  ['#', 'Time', 'Connection', 'Event', 'Value'].map((c) => h('th', { scope: 'col' }, c)),
                ),
              ),
              h('tbody', null, rows),
            ),
          ),
    );
    const last = page.events.at(-1)?.index;
    replace(
      pager,
      h(
        'button',
        {
          type: 'button',
          class: 'small',
          disabled: state.offset === 0,
          onclick: () => {
            state.offset = Math.max(0, state.offset - PAGE);
            void load();
          },
        },
        'Previous',
      ),
      h(
        'span',
        { role: 'status' },
        page.total === 0
          ? '0 events'
          : `${state.offset + 1}–${(last ?? state.offset) + 1} of ${page.total} events`,
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'small',
          disabled: page.nextOffset === null,
          onclick: () => {
            state.offset = page.nextOffset ?? state.offset;
            void load();
          },
        },
        'Next',
      ),
    );
  }

  const reload = () => {
    state.offset = 0;
    void load();
  };
  select.addEventListener('change', () => {
    state.connection = select.value;
    reload();
  });
  only.addEventListener('change', () => {
    state.only = only.checked;
    reload();
  });
  void load();
  return h(
    'div',
    { class: 'event-log' },
    h('h3', null, 'Event log'),
    h(
      'div',
      { class: 'event-log-controls' },
      h('label', { for: selectId }, 'Connection '),
      select,
      h('span', { class: 'check' }, only, h('label', { for: onlyId }, 'Only descriptions (SDP)')),
    ),
    body,
    pager,
  );
}
