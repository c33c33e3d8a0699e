import { getJson } from './api.js';
import { connectionsSection } from './connections.js';
import { dl, h, main, replace, status } from './dom.js';
import { dateTime, duration, num } from './format.js';
import { observationsSection } from './observations.js';
import { ownerActions } from './owner-actions.js';
import { rawStatsSection } from './raw-stats.js';
import { experience } from './scores.js';
import { requireSignIn } from './signin.js';
import { storySection } from './story.js';
import { chartsSection } from './streams.js';
import { timelineSection } from './timeline.js';
import { SEVERITIES, type SessionData, type SessionResponse, type ViewMode } from './types.js';

/** The call's time origin for charts and the timeline: callStart, else the first sample. */
function callStartMs(d: SessionData): number {
  if (d.callStart) return Date.parse(d.callStart);
  const firsts = Object.values(d.streams)
    .map((s) => s.series.t[0])
    .filter((t): t is number => t !== undefined);
  return firsts.length ? Math.min(...firsts) : 0;
}

const outOf = (value: number | null, max: number, digits = 1) =>
  value === null ? 'not scored' : `${num(value, digits)} / ${max}`;

function header(d: SessionData): HTMLElement {
  const ua = d.userAgentData;
  const browser = [ua.browser, ua.version].filter(Boolean).join(' ');
  const os = [ua.os, ua.osVersion].filter(Boolean).join(' ');
  const score = experience(d);
  return h(
    'header',
    { class: 'session-header' },
    h('h1', null, d.title || 'Untitled session'),
    dl('facts', [
      ['Call start', dateTime(d.callStart)],
      ['Duration', duration(d.durationMs)],
      ['Browser', browser || 'unknown'],
      ['OS', os || 'unknown'],
      ['Connectivity', d.connectivity],
      ['Dump format', d.metadata.format],
    ]),
    h('h2', { class: 'visually-hidden' }, 'Scores'),
    dl('scores', [
      ['Experience', h('span', { class: `band band-${score.band}` }, score.text)],
      ['Audio (MOS)', outOf(d.audioScore, 5)],
      ['Video', outOf(d.videoScore, 5)],
      ['Connectivity', outOf(d.connectivityScore, 5)],
      ['Observations', outOf(d.observationsScore, 40, 0)],
    ]),
    h(
      'p',
      { class: 'counts' },
      SEVERITIES.map((s) => h('span', { class: `sev sev-${s}` }, `${d.observationsCount[s]} ${s}`)),
    ),
  );
}

const pageNav = (raw: boolean) =>
  h(
    'nav',
    { class: 'page-nav', 'aria-label': 'On this page' },
    h(
      'ul',
      null,
      [
        ['#what-happened', 'What happened'],
        ['#observations', 'Observations'],
        ['#timeline', 'Timeline'],
        ['#charts', 'Charts'],
        ['#connections', 'Connections'],
        ...(raw ? [['#raw-stats', 'Raw stats']] : []),
      ].map(([href, text]) => h('li', null, h('a', { href }, text))),
    ),
  );

/** `rawBase`: where the raw stats of the dump are read (none in the embed view). */
function render(res: SessionResponse, mode: ViewMode, rawBase: string | null): void {
  const d = res.data;
  const t0 = callStartMs(d);
  document.title = `${d.title || 'Session'} · callscope`;
  replace(
    main(),
    header(d),
    mode.kind === 'owner' ? ownerActions(res) : null,
    pageNav(rawBase !== null),
    storySection(d, t0),
    observationsSection(d, mode, t0),
    timelineSection(d, t0),
    chartsSection(d, t0),
    connectionsSection(d, t0),
    rawBase ? rawStatsSection(rawBase, t0) : null,
  );
  status('');
}

/** /sessions/{id}: the signed-in owner's page (all data in one request, series included). */
export async function renderOwnSession(id: string): Promise<void> {
  await requireSignIn();
  status('Loading the session…');
  render(
    await getJson<SessionResponse>(`/v1.0/sessions/${id}`),
    { kind: 'owner', explainBase: '/v1.0/observations/' },
    `/v1.0/sessions/${id}`,
  );
}

/** /share/{link} and /embed/{token}: the same page, read-only, from the public JSON. */
export async function renderPublicSession(source: string, mode: ViewMode): Promise<void> {
  document.body.classList.add(`mode-${mode.kind}`);
  const rawBase = mode.kind === 'share' ? source.replace(/\/session\.json$/, '') : null;
  render(await getJson<SessionResponse>(source), mode, rawBase);
}
