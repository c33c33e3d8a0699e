import { h, uid } from './dom.js';
import { capitalize, sinceStart } from './format.js';
import { onMoment, showMoment } from './moment.js';
import { observationTitle } from './titles.js';
import type { Candidate, SessionData } from './types.js';

type Kind =
  | 'connection'
  | 'ice'
  | 'signaling'
  | 'gathering'
  | 'dtls'
  | 'negotiation'
  | 'pair'
  | 'device'
  | 'error'
  | 'observation';
const KIND_LABEL: Record<Kind, string> = {
  connection: 'Connection',
  ice: 'ICE',
  signaling: 'Signaling',
  gathering: 'ICE gathering',
  dtls: 'DTLS',
  negotiation: 'Negotiation',
  pair: 'Candidate pair',
  device: 'Device',
  error: 'Error',
  observation: 'Observation',
};

interface TimelineEvent {
  at: number;
  kind: Kind;
  pid?: string;
  text: string;
  id?: string;
}

export const candidateText = (c: Candidate | null): string =>
  c
    ? [
        c.type,
        c.protocol,
        c.relayProtocol ? `via ${c.relayProtocol}` : '',
        c.address ? `${c.address}:${c.port ?? ''}` : '',
      ]
        .filter(Boolean)
        .join(' ')
    : 'unknown';

/** Connection, ICE, signaling and device events, and where observations were first seen. */
function events(d: SessionData): TimelineEvent[] {
  const out: TimelineEvent[] = [];
  const push = (at: number | null, e: Omit<TimelineEvent, 'at'>) => at !== null && out.push({ at, ...e });
  const states: [keyof SessionData['pConnections'][string]['states'], Kind, string][] = [
    ['connection', 'connection', 'connection'],
    ['iceConnection', 'ice', 'ICE connection'],
    ['signaling', 'signaling', 'signaling'],
    ['iceGathering', 'gathering', 'ICE gathering'],
    ['dtls', 'dtls', 'DTLS'],
  ];
  for (const pc of Object.values(d.pConnections)) {
    const pid = pc.id;
    push(pc.createdAt, { kind: 'connection', pid, text: 'created' });
    push(pc.closedAt, { kind: 'connection', pid, text: 'closed' });
    for (const [key, kind, name] of states)
      for (const s of pc.states[key]) push(s.at, { kind, pid, text: `${name} ${s.state}` });
    for (const n of pc.negotiations) {
      const what = `${n.initiator} ${n.iceRestart ? 'ICE restart' : 'offer'}`;
      push(n.startedAt, { kind: 'negotiation', pid, text: `${what} started` });
      push(n.completedAt, {
        kind: 'negotiation',
        pid,
        text: `${what} completed${n.error ? `: ${n.error}` : ''}`,
      });
    }
    for (const p of pc.selectedPairs)
      push(p.at, {
        kind: 'pair',
        pid,
        text: `selected ${candidateText(p.local)} ↔ ${candidateText(p.remote)}`,
      });
    for (const e of pc.apiErrors) push(e.at, { kind: 'error', pid, text: `${e.method} failed: ${e.error}` });
    for (const e of pc.iceCandidateErrors)
      push(e.at, {
        kind: 'error',
        pid,
        text: `ICE candidate error ${e.errorCode ?? ''} ${e.errorText ?? ''} ${e.url ?? ''}`.trim(),
      });
  }
  for (const m of d.metadata.mediaRequests) {
    const tracks = m.tracks.map((t) => `${t.kind} "${t.label}"`).join(', ');
    push(m.at, { kind: 'device', text: `${m.api} requested` });
    push(m.completedAt ?? (m.outcome !== 'unknown' ? m.at : null), {
      kind: 'device',
      text:
        m.outcome === 'failure'
          ? `${m.api} failed: ${m.error ?? 'unknown error'}`
          : `${m.api} ${m.outcome}${tracks ? `: ${tracks}` : ''}`,
    });
  }
  for (const [i, o] of d.observations.entries())
    push(o.firstSeenAt, {
      kind: 'observation',
      pid: o.source.pid,
      id: `tl-obs-${i}`,
      text: `${capitalize(o.severity)}: ${observationTitle(o.type)}, ${o.meaning}`,
    });
  return out.sort((a, b) => a.at - b.at);
}

/** The timeline: one row per event, filterable by kind; the row nearest a shown moment is marked. */
export function timelineSection(d: SessionData, t0: number): HTMLElement {
  const all = events(d);
  const list = h(
    'ol',
    { class: 'timeline' },
    ...all.map((e) =>
      h(
        'li',
        { id: e.id ?? null, 'data-kind': e.kind, 'data-at': e.at, tabindex: e.id ? -1 : null },
        h(
          'button',
          {
            type: 'button',
            class: 'time',
            title: new Date(e.at).toLocaleTimeString(),
            onclick: () => showMoment(e.at),
            'aria-label': `Mark ${sinceStart(e.at, t0, true)} on the charts`,
          },
          sinceStart(e.at, t0, true),
        ),
        h('span', { class: `kind kind-${e.kind}` }, KIND_LABEL[e.kind]),
        e.pid ? h('span', { class: 'pid' }, e.pid) : '',
        h('span', { class: 'text' }, e.text),
      ),
    ),
  );
  const kinds = [...new Set(all.map((e) => e.kind))];
  const filters = h(
    'fieldset',
    { class: 'kinds' },
    h('legend', null, 'Show'),
    ...kinds.map((kind) => {
      const id = uid('kind');
      const box = h('input', {
        type: 'checkbox',
        id,
        checked: true,
        onchange: () => list.classList.toggle(`hide-${kind}`, !box.checked),
      });
      return h('span', { class: 'check' }, box, h('label', { for: id }, KIND_LABEL[kind]));
    }),
  );
  onMoment((at) => {
    let nearest: Element | undefined;
    for (const li of list.children) {
      li.classList.remove('current');
      if (Number((li as HTMLElement).dataset.at) <= at) nearest = li;
    }
    nearest?.classList.add('current');
  });
  return h(
    'section',
    { id: 'timeline', class: 'card', 'aria-labelledby': 'timeline-title' },
    h('h2', { id: 'timeline-title' }, `Timeline (${all.length} events)`),
    all.length ? filters : h('p', null, 'No timed events in this dump.'),
    h('div', { class: 'timeline-wrap', role: 'region', 'aria-label': 'Timeline events', tabindex: 0 }, list),
  );
}
