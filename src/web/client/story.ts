import { callTimeline } from './call-timeline.js';
import { type Child, h } from './dom.js';
import { capitalize, clock, num } from './format.js';
import { showMoment } from './moment.js';
import { observationTitle } from './titles.js';
import type { Observation, SessionData } from './types.js';

/** m:ss since the call started, as the story and the CLI write moments. */
const sinceCall = (atMs: number, t0: number): string => clock((atMs - t0) / 1000);

/**
 * A link to observation `index` that opens it: following a link to a closed <details> would show
 * its summary only, not the evidence the reader came for.
 */
export function observationLink(
  index: number,
  text: Child,
  atMs?: number | null,
  span?: [number, number],
): HTMLAnchorElement {
  return h(
    'a',
    {
      href: `#obs-${index}`,
      onclick: () => {
        const target = document.getElementById(`obs-${index}`);
        if (target instanceof HTMLDetailsElement) target.open = true;
        if (atMs !== null && atMs !== undefined) showMoment(atMs, span);
      },
    },
    text,
  );
}

/**
 * "What happened", first on the session page: the payload's story (src/causes/story.ts tells it,
 * the CLI prints the same lines), each line linking to the observation it tells.
 */
export function storySection(d: SessionData, t0: number): HTMLElement {
  const lines = d.whatHappened;
  const episode = (i: number): [number, number] | undefined => {
    const e = d.observations[i]?.episodes?.[0];
    return e ? [e.start, e.end] : undefined;
  };
  return h(
    'section',
    { id: 'what-happened', class: 'card', 'aria-labelledby': 'what-happened-title' },
    h('h2', { id: 'what-happened-title' }, 'What happened'),
    // Text from the model, set as text (h() never parses it as markup), and said to be the model's.
    d.aiSummary
      ? h('p', { class: 'ai-summary' }, h('strong', null, 'Summary (written by a model): '), d.aiSummary)
      : null,
    callTimeline(d, t0),
    lines.length ? h('h3', null, 'The causes, in time order') : null,
    lines.length === 0
      ? h('p', null, 'Nothing went wrong that callscope can see.')
      : h(
          'ol',
          { class: 'story' },
          ...lines.map((line) =>
            h(
              'li',
              { 'data-type': line.type },
              h('span', { class: 'story-time' }, line.at),
              h('span', { class: `sev sev-${line.severity}` }, capitalize(line.severity)),
              h(
                'span',
                { class: 'story-text' },
                observationLink(line.observation, line.text, line.atMs, episode(line.observation)),
              ),
            ),
          ),
        ),
  );
}

/** Each sustained stretch of a finding, as m:ss from the call start, with its worst value. */
export function episodesList(o: Observation, t0: number): HTMLElement | null {
  if (!o.episodes?.length) return null;
  return h(
    'ul',
    { class: 'episodes' },
    ...o.episodes.map((e) => {
      const span = `${sinceCall(e.start, t0)} to ${sinceCall(e.end, t0)}`;
      const worst =
        e.peak === undefined
          ? ''
          : `, worst ${num(e.peak)}${e.peakAt === undefined ? '' : ` at ${sinceCall(e.peakAt, t0)}`}`;
      return h('li', null, span + worst);
    }),
  );
}

/**
 * The observation of `type` that `o` is linked to by the cause layer: on the same connection when
 * there is one (a cause explains the symptoms of its own path), else the first of that type.
 */
function related(d: SessionData, o: Observation, type: string, test: (x: Observation) => boolean) {
  const candidates = d.observations
    .map((x, i) => [x, i] as const)
    .filter(([x]) => x.type === type && x !== o && test(x));
  const pid = o.source.pid;
  return candidates.find(([x]) => pid !== undefined && x.source.pid === pid) ?? candidates[0];
}

/** For an explained observation, a link to the cause that explains it. */
export function explainedByLink(d: SessionData, o: Observation): Child {
  if (!o.explainedBy) return null;
  const cause = related(d, o, o.explainedBy, (x) => x.cause !== undefined);
  const title = observationTitle(o.explainedBy);
  return cause ? observationLink(cause[1], title, cause[0].firstSeenAt) : title;
}

/** For a cause, its family and the symptoms it explains, each linked to its observation. */
export function symptomsList(d: SessionData, o: Observation): HTMLElement[] {
  if (!o.cause) return [];
  const items = o.cause.symptoms.map((type) => {
    const symptom = related(d, o, type, (x) => x.explainedBy === o.type);
    const title = observationTitle(type);
    return h('li', null, symptom ? observationLink(symptom[1], title, symptom[0].firstSeenAt) : title);
  });
  return [
    h('h4', null, 'What this cause explains'),
    h('p', null, `Cause family: ${o.cause.family}.`, items.length ? '' : ' No other finding came from it.'),
    ...(items.length ? [h('ul', { class: 'symptoms' }, ...items)] : []),
  ];
}
