import { getJson } from './api.js';
import { dl, h, tableWrap } from './dom.js';
import { capitalize, num, sinceStart, words } from './format.js';
import { markdown } from './markdown.js';
import { connectionAnchor, showMoment, streamAnchor } from './moment.js';
import { episodesList, explainedByLink, symptomsList } from './story.js';
import { observationTitle } from './titles.js';
import {
  MEASUREMENT_FIELDS,
  type Observation,
  SEVERITIES,
  type SessionData,
  type ViewMode,
} from './types.js';

interface Explanation {
  title: string;
  description: string;
  sections: { heading: string; markdown: string }[];
  related: { type: string; title: string }[];
}

const value = (v: unknown): string =>
  typeof v === 'number' ? num(v) : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);

/** Where the observation was made, as a link to its stream's or connection's charts. */
function where(o: Observation, d: SessionData): Node | null {
  const { pid, sid, cpid, did } = o.source;
  const stream = pid && sid ? d.streams[`${pid}-${sid}`] : undefined;
  const mark = () => o.firstSeenAt !== null && showMoment(o.firstSeenAt);
  if (stream) {
    const ssrc = stream.ssrc !== null ? ` ssrc ${stream.ssrc}` : '';
    return h(
      'a',
      { href: `#${streamAnchor(`${pid}-${sid}`)}`, onclick: mark },
      `${stream.direction} ${stream.kind} stream${ssrc} (connection ${pid})`,
    );
  }
  if (pid && d.pConnections[pid])
    return h(
      'a',
      { href: `#${connectionAnchor(pid)}`, onclick: mark },
      cpid ? `candidate pair ${cpid} of connection ${pid}` : `connection ${pid}`,
    );
  if (did) return document.createTextNode(`device ${did}`);
  return null;
}

function evidence(o: Observation): HTMLElement {
  const rows = Object.entries(o.indicators).map(([k, v]) => [words(k), value(v)] as const);
  const extra = o as unknown as Record<string, unknown>;
  for (const key of MEASUREMENT_FIELDS)
    if (typeof extra[key] === 'number') rows.push([words(key), num(extra[key])]);
  if (rows.length === 0) return h('p', null, 'No measurements recorded.');
  return tableWrap(
    'Evidence',
    h(
      'table',
      { class: 'evidence' },
      h(
        'thead',
        null,
        h('tr', null, h('th', { scope: 'col' }, 'Indicator'), h('th', { scope: 'col' }, 'Value')),
      ),
      h(
        'tbody',
        null,
        ...rows.map(([k, v]) => h('tr', null, h('th', { scope: 'row' }, k), h('td', null, v))),
      ),
    ),
  );
}

/** Loads the explanation of the type the first time the observation is opened. */
function explanationLoader(o: Observation, mode: ViewMode, target: HTMLElement, heading: HTMLElement) {
  let loaded = false;
  return async () => {
    if (loaded) return;
    loaded = true;
    target.setAttribute('aria-busy', 'true');
    try {
      const e = await getJson<Explanation>(`${mode.explainBase}${encodeURIComponent(o.type)}`);
      heading.textContent = e.title;
      target.replaceChildren(
        h('h4', null, 'About this observation'),
        ...e.sections.flatMap((s) => [h('h5', null, s.heading), ...markdown(s.markdown)]),
        e.related.length ? h('p', null, `Related: ${e.related.map((r) => r.title).join(', ')}.`) : '',
      );
    } catch (error) {
      loaded = false;
      target.replaceChildren(
        h('p', { class: 'form-error' }, `The explanation could not be loaded: ${(error as Error).message}`),
      );
    }
    target.setAttribute('aria-busy', 'false');
  };
}

function item(o: Observation, index: number, d: SessionData, mode: ViewMode, t0: number): HTMLElement {
  const title = h('span', { class: 'obs-title' }, observationTitle(o.type));
  const explanation = h('div', { class: 'explanation' }, h('p', null, 'Loading the explanation…'));
  const when =
    o.firstSeenAt === null
      ? null
      : h(
          'a',
          { href: `#tl-obs-${index}`, onclick: () => showMoment(o.firstSeenAt!) },
          `${sinceStart(o.firstSeenAt, t0)} into the call`,
        );
  const details = h(
    'details',
    { class: `obs obs-${o.severity}`, id: `obs-${index}`, 'data-type': o.type },
    h(
      'summary',
      null,
      h('span', { class: `sev sev-${o.severity}` }, capitalize(o.severity)),
      ' ',
      title,
      h('span', { class: 'obs-meaning' }, o.meaning),
    ),
    h(
      'div',
      { class: 'obs-body' },
      dl('facts', [
        ['First seen', when],
        ['Concerns', where(o, d)],
        ['Explained by', explainedByLink(d, o)],
        ['Category', o.category],
        ['Tags', o.tags.join(', ')],
      ]),
      o.episodes?.length ? [h('h4', null, 'When'), episodesList(o, t0)] : null,
      symptomsList(d, o),
      h('h4', null, 'Evidence'),
      evidence(o),
      explanation,
    ),
  );
  const load = explanationLoader(o, mode, explanation, title);
  details.addEventListener('toggle', () => details.open && void load());
  return h('li', null, details);
}

/** Observations grouped by severity, each with its evidence, moment, stream and explanation. */
export function observationsSection(d: SessionData, mode: ViewMode, t0: number): HTMLElement {
  const indexed = d.observations.map((o, i) => [o, i] as const);
  const groups = SEVERITIES.map((severity) => {
    const list = indexed.filter(([o]) => o.severity === severity);
    if (list.length === 0) return null;
    return h(
      'section',
      { class: 'obs-group', 'aria-labelledby': `sev-${severity}` },
      h('h3', { id: `sev-${severity}` }, `${capitalize(severity)} (${list.length})`),
      h('ul', { class: 'obs-list' }, ...list.map(([o, i]) => item(o, i, d, mode, t0))),
    );
  });
  return h(
    'section',
    { id: 'observations', class: 'card', 'aria-labelledby': 'observations-title' },
    h('h2', { id: 'observations-title' }, `Observations (${d.observations.length})`),
    d.observations.length
      ? h('p', { class: 'hint' }, 'Open an observation for its evidence and what to do about it.')
      : h('p', null, 'No observations: nothing looked wrong on this call.'),
    ...groups,
  );
}
