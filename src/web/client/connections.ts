import { dl, h, tableWrap } from './dom.js';
import { byCreation, dateTime, dtlsVersion, duration, num, sinceStart } from './format.js';
import { candidateText } from './timeline.js';
import type { CandidatePair, PeerConnection, SessionData } from './types.js';

function table(caption: string, head: string[], rows: (string | Node)[][]): HTMLElement {
  if (rows.length === 0) return h('p', { class: 'hint' }, `${caption}: none.`);
  return tableWrap(
    caption,
    h(
      'table',
      null,
      h('caption', null, caption),
      h('thead', null, h('tr', null, ...head.map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', null, ...rows.map((r) => h('tr', null, ...r.map((c) => h('td', null, c))))),
    ),
  );
}

const COUNT_KEYS = ['total', 'host', 'srflx', 'prflx', 'relay', 'mdns'];

function candidates(pc: PeerConnection): HTMLElement {
  const row = (side: 'local' | 'remote') => {
    const c = pc.candidates[side];
    const relay = (c.relayProtocols ?? {}) as Record<string, number>;
    return [
      side,
      ...COUNT_KEYS.map((k) => String(c[k] ?? 0)),
      `${relay.udp ?? 0} / ${relay.tcp ?? 0} / ${relay.tls ?? 0}`,
    ];
  };
  return table(
    'Candidates gathered',
    ['Side', ...COUNT_KEYS, 'Relay UDP / TCP / TLS'],
    [row('local'), row('remote')],
  );
}

function pairs(list: CandidatePair[]): HTMLElement {
  return table(
    'Candidate pairs',
    ['Pair', 'State', 'Selected', 'Local', 'Remote', 'Sent', 'Received', 'RTT avg'],
    list.map((p) => [
      p.id,
      p.state ?? '–',
      p.selected ? 'yes' : p.nominated ? 'nominated' : 'no',
      candidateText(p.local),
      candidateText(p.remote),
      num(p.bytesSent, 0),
      num(p.bytesReceived, 0),
      p.roundTripTimeMs ? `${num(p.roundTripTimeMs.avg)} ms` : '–',
    ]),
  );
}

function connection(pc: PeerConnection, d: SessionData, t0: number, open: boolean): HTMLElement {
  const at = (ms: number | null) => (ms === null ? '–' : sinceStart(ms, t0));
  const final = pc.finalState.connection ?? pc.finalState.iceConnection ?? 'unknown';
  const config = pc.configuration ? JSON.stringify(pc.configuration, null, 2) : 'Not recorded.';
  return h(
    'details',
    { class: 'connection', open },
    h('summary', null, `Connection ${pc.id} · ${final} · ${duration(pc.durationMs)}`),
    dl('facts', [
      ['Page', pc.url],
      ['Created', dateTime(pc.createdAt)],
      ['Closed', pc.closedAt ? dateTime(pc.closedAt) : 'not closed in the recording'],
      ['Setup', pc.timings.setupMs !== null ? duration(pc.timings.setupMs ?? null) : null],
      [
        'ICE connection',
        pc.timings.iceConnectionMs !== null ? duration(pc.timings.iceConnectionMs ?? null) : null,
      ],
      ['Disconnections', String(pc.disconnections)],
      ['ICE restarts', String(pc.iceRestarts)],
      [
        'DTLS',
        pc.dtls
          ? [
              pc.dtls.role,
              pc.dtls.tlsVersion ? dtlsVersion(pc.dtls.tlsVersion) : null,
              pc.dtls.cipher,
              pc.dtls.srtpCipher,
            ]
              .filter(Boolean)
              .join(', ')
          : null,
      ],
      [
        'RTT',
        pc.roundTripTimeMs
          ? `${num(pc.roundTripTimeMs.avg)} ms avg, ${num(pc.roundTripTimeMs.max)} ms max`
          : null,
      ],
    ]),
    // h3: the section is an h2 and the summary above is no heading.
    h('h3', null, 'Configuration'),
    h('pre', { class: 'config', tabindex: 0 }, config),
    candidates(pc),
    table(
      'Selected candidate pairs',
      ['When', 'Local', 'Remote'],
      pc.selectedPairs.map((p) => [at(p.at), candidateText(p.local), candidateText(p.remote)]),
    ),
    pairs(d.transports[pc.id]?.candidatePairs ?? []),
    table(
      'Negotiations',
      ['Started', 'By', 'Took', 'ICE restart', 'Error'],
      pc.negotiations.map((n) => [
        at(n.startedAt),
        n.initiator,
        duration(n.durationMs),
        n.iceRestart ? 'yes' : 'no',
        n.error ?? '',
      ]),
    ),
    pc.iceCandidateErrors.length
      ? table(
          'ICE candidate errors',
          ['When', 'Server', 'Code', 'Text'],
          pc.iceCandidateErrors.map((e) => [
            at(e.at),
            e.url ?? '–',
            String(e.errorCode ?? '–'),
            e.errorText ?? '',
          ]),
        )
      : null,
  );
}

/** Connection details: configuration, candidates, selected and all candidate pairs, negotiations. */
export function connectionsSection(d: SessionData, t0: number): HTMLElement {
  const pcs = Object.values(d.pConnections).sort(byCreation);
  return h(
    'section',
    { id: 'connections', class: 'card', 'aria-labelledby': 'connections-title' },
    h('h2', { id: 'connections-title' }, `Connections (${pcs.length})`),
    pcs.length
      ? pcs.map((pc, i) => connection(pc, d, t0, i === 0 && pcs.length < 4))
      : h('p', null, 'No peer connection in this dump.'),
    d.metadata.warnings.length
      ? h(
          'details',
          null,
          h('summary', null, `Reading notes (${d.metadata.warnings.length})`),
          h('ul', null, ...d.metadata.warnings.map((w) => h('li', null, w))),
        )
      : null,
  );
}
