import { getJson } from './api.js';
import { keySeries, type Side } from './compare-series.js';
import { h, main, replace, status, tableWrap, uid } from './dom.js';
import { capitalize, dateTime, duration, num } from './format.js';
import { experience } from './scores.js';
import { requireSignIn } from './signin.js';
import { observationTitle } from './titles.js';
import { SEVERITIES, type SessionData, type SessionResponse, type Severity } from './types.js';

/**
 * /compare?a=…&b=…: two sessions side by side (scores, what happened, observations, key series on
 * aligned time axes). Each is a session id of the signed-in account, or a share link of any account.
 */

const UUID = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

/** Where a session's JSON is: the account's API for an id, the public JSON for a share link. */
function sourceOf(ref: string): string | null {
  const trimmed = ref.trim();
  if (UUID.test(trimmed)) return `/v1.0/sessions/${trimmed.toLowerCase()}`;
  const key = /(?:^|\/share\/)([A-Za-z0-9_-]{8,})\/?$/.exec(trimmed)?.[1];
  return key ? `/share/${key}/session.json` : null;
}

const callStart = (d: SessionData) =>
  d.callStart
    ? Date.parse(d.callStart)
    : Math.min(...Object.values(d.streams).map((s) => s.series.t[0] ?? Infinity));

function pickForm(a: string, b: string): HTMLElement {
  const field = (name: string, label: string, value: string) => {
    const id = uid(name);
    return h(
      'div',
      { class: 'field' },
      h('label', { for: id }, label),
      h('input', { id, name, type: 'search', value, required: true, autocomplete: 'off' }),
    );
  };
  return h(
    'form',
    { class: 'compare-form', method: 'get', action: '/compare' },
    field('a', 'First session (id or share link)', a),
    field('b', 'Second session (id or share link)', b),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Compare')),
  );
}

const outOf = (value: number | null, max: number, digits = 1) =>
  value === null ? 'not scored' : `${num(value, digits)} / ${max}`;

function scores(sides: [Side, Side]): HTMLElement {
  const rows: [string, (d: SessionData) => Node | string][] = [
    ['Call start', (d) => dateTime(d.callStart)],
    ['Duration', (d) => duration(d.durationMs)],
    [
      'Browser',
      (d) => [d.userAgentData.browser, d.userAgentData.version].filter(Boolean).join(' ') || 'unknown',
    ],
    [
      'Experience',
      (d) => {
        const s = experience(d);
        return h('span', { class: `band band-${s.band}` }, s.text);
      },
    ],
    ['Audio (MOS)', (d) => outOf(d.audioScore, 5)],
    ['Video', (d) => outOf(d.videoScore, 5)],
    ['Connectivity', (d) => outOf(d.connectivityScore, 5)],
    ['Observations', (d) => SEVERITIES.map((s) => `${d.observationsCount[s]} ${s}`).join(', ')],
  ];
  return tableWrap(
    'Scores',
    h(
      'table',
      { class: 'compare-table' },
      h('caption', { class: 'visually-hidden' }, 'Scores'),
      h('thead', null, h('tr', null, h('td'), ...sides.map((s) => h('th', { scope: 'col' }, s.label)))),
      h(
        'tbody',
        null,
        ...rows.map(([name, value]) =>
          h('tr', null, h('th', { scope: 'row' }, name), ...sides.map((s) => h('td', null, value(s.data)))),
        ),
      ),
    ),
  );
}

function stories(sides: [Side, Side]): HTMLElement {
  return h(
    'div',
    { class: 'compare-cols' },
    ...sides.map((side) =>
      h(
        'div',
        null,
        h('h3', null, side.label),
        side.data.whatHappened.length
          ? h(
              'ol',
              { class: 'story' },
              ...side.data.whatHappened.map((l) =>
                h(
                  'li',
                  null,
                  h('span', { class: 'story-time' }, l.at),
                  h('span', { class: `sev sev-${l.severity}` }, capitalize(l.severity)),
                  h('span', { class: 'story-text' }, l.text),
                ),
              ),
            )
          : h('p', null, 'Nothing went wrong that callscope can see.'),
      ),
    ),
  );
}

/** Observation types of either session, the most severe first, with each session's count. */
function observations(sides: [Side, Side]): HTMLElement {
  const worst = new Map<string, Severity>();
  for (const side of sides)
    for (const o of side.data.observations) {
      const known = worst.get(o.type);
      if (!known || SEVERITIES.indexOf(o.severity) < SEVERITIES.indexOf(known)) worst.set(o.type, o.severity);
    }
  const types = [...worst].sort((a, b) => SEVERITIES.indexOf(a[1]) - SEVERITIES.indexOf(b[1]));
  const cell = (d: SessionData, type: string) => {
    const found = d.observations.filter((o) => o.type === type);
    if (found.length === 0) return '–';
    const sev = found
      .map((o) => o.severity)
      .sort((a, b) => SEVERITIES.indexOf(a) - SEVERITIES.indexOf(b))[0]!;
    return h(
      'span',
      null,
      h('span', { class: `sev sev-${sev}` }, capitalize(sev)),
      found.length > 1 ? ` × ${found.length}` : '',
    );
  };
  if (types.length === 0) return h('p', null, 'No observations in either session.');
  return tableWrap(
    'Observations',
    h(
      'table',
      { class: 'compare-table' },
      h('caption', { class: 'visually-hidden' }, 'Observations by type'),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', { scope: 'col' }, 'Observation'),
          ...sides.map((s) => h('th', { scope: 'col' }, s.label)),
        ),
      ),
      h(
        'tbody',
        null,
        ...types.map(([type]) =>
          h(
            'tr',
            null,
            h('th', { scope: 'row' }, observationTitle(type)),
            ...sides.map((s) => h('td', null, cell(s.data, type))),
          ),
        ),
      ),
    ),
  );
}

const card = (id: string, title: string, ...body: (Node | Node[])[]) =>
  h('section', { class: 'card', 'aria-labelledby': id }, h('h2', { id }, title), ...body);

export async function renderCompare(): Promise<void> {
  await requireSignIn();
  const q = new URLSearchParams(location.search);
  const refs = [q.get('a') ?? '', q.get('b') ?? ''] as const;
  const sources = refs.map(sourceOf);
  if (!sources[0] || !sources[1]) {
    replace(
      main(),
      h('h1', null, 'Compare sessions'),
      h(
        'p',
        null,
        'Pick two sessions in ',
        h('a', { href: '/sessions' }, 'your list'),
        ', or give their ids or share links:',
      ),
      pickForm(...refs),
    );
    return status('');
  }
  status('Loading the sessions…');
  const loaded = await Promise.all(sources.map((s) => getJson<SessionResponse>(s!)));
  const sides = loaded.map((res, i) => ({
    label: i === 0 ? 'First session' : 'Second session',
    data: res.data,
    t0: callStart(res.data),
  })) as [Side, Side];
  document.title = 'Compare sessions · callscope';
  replace(
    main(),
    h('h1', null, 'Compare sessions'),
    h(
      'ol',
      { class: 'compare-which' },
      ...sides.map((s, i) =>
        h(
          'li',
          null,
          h('strong', null, `${s.label}: `),
          UUID.test(refs[i]!)
            ? h('a', { href: `/sessions/${refs[i]}` }, s.data.title || 'Untitled session')
            : s.data.title,
          s.data.fileName ? h('span', { class: 'compare-file' }, ` (${s.data.fileName})`) : null,
        ),
      ),
    ),
    h(
      'details',
      { class: 'compare-change' },
      h('summary', null, 'Compare other sessions'),
      pickForm(...refs),
    ),
    card('compare-scores', 'Scores', scores(sides)),
    card('compare-story', 'What happened', stories(sides)),
    card('compare-observations', 'Observations', observations(sides)),
    card(
      'compare-series',
      'Key series',
      h(
        'p',
        { class: 'hint' },
        'Time runs from each call’s start; the cursor and a zoom follow on both sessions.',
      ),
      ...keySeries(sides),
    ),
  );
  status('');
}
