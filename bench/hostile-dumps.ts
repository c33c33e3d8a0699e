/**
 * Dumps that grow along one dimension of their structure (streams, pairs, SDP lines, events…),
 * for the growth benchmark (hostile-scale.ts). Each builder takes the size along its dimension and
 * returns the dump's text. No real call looks like these; a dump chosen to hurt can.
 */

import { carryBomb } from '../test/support/carry-bomb.js';

const T = 1_795_246_284_039;
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
type Report = Record<string, unknown>;

/** A jitsi rtcstats dump: a connectionInfo line, then `[method, pcId, value, time]` records. */
function jitsi(records: readonly unknown[][]): string {
  const head = [
    'connectionInfo',
    null,
    { url: 'https://x.example/r', userAgent: UA, clientProtocol: 'jitsi' },
    T,
  ];
  return `${[head, ...records].map((r) => JSON.stringify(r)).join('\n')}\n`;
}

const sdp = (lines: readonly string[]) =>
  `${['v=0', 'o=- 1 2 IN IP4 0.0.0.0', 's=-', 't=0 0', ...lines].join('\r\n')}\r\n`;

/** A local description applied with its last line cut (munged), and both as remote descriptions. */
function descriptions(lines: readonly string[]): string {
  const created = sdp(lines);
  const applied = sdp(lines.slice(0, -1));
  return jitsi([
    ['createOfferOnSuccess', 'PC_0', { type: 'offer', sdp: created }, T + 1],
    ['setLocalDescription', 'PC_0', { type: 'offer', sdp: applied }, T + 2],
    ['setRemoteDescription', 'PC_0', { type: 'answer', sdp: created }, T + 3],
    ['setRemoteDescription', 'PC_0', { type: 'offer', sdp: applied }, T + 4],
  ]);
}

const inSection = (line: (i: number) => string) => (n: number) =>
  descriptions(['m=audio 9 UDP/TLS/RTP/SAVPF 111', 'a=mid:0', ...range(n).map(line)]);

const polls = (n: number, poll: (i: number) => Report) =>
  jitsi(range(n).map((i) => ['getstats', 'PC_0', poll(i), T + i * 1000]));

const pair = (id: string, local: string, rtt: number): Report => ({
  [id]: {
    type: 'candidate-pair',
    localCandidateId: local,
    remoteCandidateId: 'R',
    state: 'succeeded',
    nominated: true,
    currentRoundTripTime: rtt,
  },
});
const candidate = (id: string, port: number): Report => ({
  [id]: { type: 'local-candidate', address: '10.0.0.1', port, candidateType: 'host', protocol: 'udp' },
});

/** A webrtc-internals dump (M117+ layout) of the given connections. */
function internals(pcs: Record<string, { updateLog?: unknown[]; stats?: Record<string, unknown> }>): string {
  const series = Object.fromEntries(
    Object.entries(pcs).map(([id, pc]) => [
      id,
      {
        pid: 1,
        rtcConfiguration: '{ iceServers: [] }',
        url: 'https://x.example/',
        updateLog: pc.updateLog ?? [],
        stats: pc.stats ?? {},
      },
    ]),
  );
  return JSON.stringify({ getUserMedia: [], PeerConnections: series, UserAgent: UA });
}
const event = (type: string, value: unknown, i: number) => ({
  type,
  value: typeof value === 'string' ? value : JSON.stringify(value),
  timestamp: T + i,
});
const statSeries = (type: string, values: unknown[]) => ({
  startTime: new Date(T).toISOString(),
  endTime: new Date(T + values.length * 1000).toISOString(),
  statsType: type,
  values: JSON.stringify(values),
});

export const HOSTILE_DUMPS: Record<string, (n: number) => string> = {
  // Refused once past the cap on carried samples: the time to refuse is bounded, not quadratic.
  'rtcstats v3: empty polls carrying every report': (n) => carryBomb('v3', n, n).toString(),
  'rtcstats v2: empty polls carrying every report': (n) => carryBomb('v2', n, n).toString(),
  'rtp streams in one poll': (n) =>
    polls(1, () =>
      Object.fromEntries(
        range(n).map((i) => [`IT${i}`, { type: 'inbound-rtp', kind: 'audio', ssrc: i, packetsReceived: 1 }]),
      ),
    ),
  'a new rtp stream each poll': (n) =>
    polls(n, (i) => ({ [`IT${i}`]: { type: 'inbound-rtp', kind: 'audio', ssrc: i, packetsReceived: i } })),
  'streams with rtcp reports': (n) =>
    polls(2, (k) =>
      Object.fromEntries(
        range(n).flatMap((i) => [
          [`IT${i}`, { type: 'inbound-rtp', kind: 'audio', ssrc: i, packetsReceived: k * 50 }],
          [`RO${i}`, { type: 'remote-outbound-rtp', kind: 'audio', ssrc: i, roundTripTime: 0.05 }],
        ]),
      ),
    ),
  // Each pause ends with a jump of the loss counter, so each asks whether the others flowed through it.
  'polls of streams that pause and resume': (n) =>
    polls(n, (i) =>
      Object.fromEntries(
        range(16).map((k) => {
          const cycle = Math.floor((i + k) / 6);
          const flowing = (i + k) % 6 < 3;
          return [
            `IT${k}`,
            {
              type: 'inbound-rtp',
              kind: 'video',
              ssrc: k,
              packetsReceived: 30 * cycle + (flowing ? 10 * ((i + k) % 6) : 30),
              packetsLost: 100 * cycle,
            },
          ];
        }),
      ),
    ),
  'selected pair changes to a new pair': (n) =>
    polls(n, (i) => ({
      T1: { type: 'transport', selectedCandidatePairId: `CP${i}` },
      ...pair(`CP${i}`, `L${i}`, 0.05),
      ...candidate(`L${i}`, i),
    })),
  'selected pair flips between two': (n) =>
    polls(n, (i) => ({
      T1: { type: 'transport', selectedCandidatePairId: `CP${i % 2}` },
      ...pair('CP0', 'L0', 0.02),
      ...pair('CP1', 'L1', 0.04),
      ...candidate('L0', 1),
      ...candidate('L1', 2),
    })),
  'transports and pairs': (n) =>
    polls(1, () =>
      Object.fromEntries(
        range(n).flatMap((i) => [
          [`T${i}`, { type: 'transport', selectedCandidatePairId: `CP${i}` }],
          ...Object.entries(pair(`CP${i}`, `L${i}`, 0.05)),
        ]),
      ),
    ),
  'data channels': (n) =>
    polls(2, (k) =>
      Object.fromEntries(
        range(n).map((i) => [
          `D${i}`,
          { type: 'data-channel', label: `l${i}`, state: 'open', messagesSent: k },
        ]),
      ),
    ),
  'connections with stats': (n) =>
    jitsi(
      range(n).map((i) => [
        'getstats',
        `PC_${i}`,
        { IT: { type: 'inbound-rtp', kind: 'audio', ssrc: 1, packetsReceived: 5 } },
        T + i,
      ]),
    ),
  'ice candidate events': (n) =>
    jitsi(
      range(n).map((i) => [
        'onicecandidate',
        'PC_0',
        {
          candidate: `candidate:${i} 1 udp ${i} 10.0.${(i >> 8) & 255}.${i & 255} ${1000 + (i % 60000)} typ host`,
          sdpMid: '0',
          sdpMLineIndex: 0,
        },
        T + i,
      ]),
    ),
  'state changes': (n) =>
    jitsi(
      range(n).map((i) => [
        'oniceconnectionstatechange',
        'PC_0',
        i % 2 ? 'connected' : 'disconnected',
        T + i,
      ]),
    ),
  'remote descriptions': (n) =>
    jitsi(
      range(n).map((i) => [
        'setRemoteDescription',
        'PC_0',
        { type: 'offer', sdp: sdp(['m=audio 9 UDP/TLS/RTP/SAVPF 111', `a=ssrc:${i} cname:c`]) },
        T + i,
      ]),
    ),
  'sdp: ssrc lines': inSection((i) => `a=ssrc:${i} cname:c`),
  'sdp: duplicated lines': inSection((i) => `a=x-${i >> 1}`),
  'sdp: ice ufrags': inSection((i) => `a=ice-ufrag:u${i}`),
  'sdp: fingerprint algorithms': inSection((i) => `a=fingerprint:h${i} AA`),
  'sdp: candidates': inSection(
    (i) => `a=candidate:${i} 1 udp ${i} 10.0.${(i >> 8) & 255}.${i & 255} ${1000 + (i % 60000)} typ host`,
  ),
  'sdp: rtpmap and fmtp': inSection((i) =>
    i % 2 ? `a=rtpmap:${i} c${i}/90000` : `a=fmtp:${i + 1} apt=${i}`,
  ),
  'sdp: rids and simulcast': inSection((i) =>
    i % 2 ? `a=rid:r${i} send` : `a=simulcast:send r${i};r${i + 1}`,
  ),
  'sdp: m= sections': (n) =>
    descriptions(range(n).flatMap((i) => [`m=audio 9 UDP/TLS/RTP/SAVPF ${i} ${i + 1}`, `a=mid:${i}`])),
  'sdp: payload types of one m= line': (n) =>
    descriptions([`m=video 9 UDP/TLS/RTP/SAVPF ${range(n).join(' ')}`, 'a=mid:0']),
  'internals: update-log events': (n) =>
    internals({
      a: {
        updateLog: range(n).map((i) =>
          event('iceconnectionstatechange', i % 2 ? 'connected' : 'disconnected', i),
        ),
      },
    }),
  'internals: connections': (n) =>
    internals(
      Object.fromEntries(
        range(n).map((i) => [`pc${i}`, { updateLog: [event('iceconnectionstatechange', 'checking', i)] }]),
      ),
    ),
  'internals: stats ids': (n) =>
    internals({
      a: {
        stats: Object.fromEntries(
          range(n).flatMap((i) => [
            [`IT${i}-timestamp`, statSeries('inbound-rtp', [T])],
            [`IT${i}-kind`, statSeries('inbound-rtp', ['audio'])],
            [`IT${i}-ssrc`, statSeries('inbound-rtp', [i])],
          ]),
        ),
      },
    }),
  'internals: transceivers': (n) =>
    internals({
      a: {
        updateLog: range(n).map((i) =>
          event(
            'transceiverAdded',
            {
              mid: `${i}`,
              kind: 'audio',
              sender: { track: `t${i}`, streams: [`s${i}`] },
              receiver: { track: `r${i}`, streams: [] },
              direction: 'sendrecv',
              currentDirection: null,
            },
            i,
          ),
        ),
      },
    }),
  'json: top-level keys': (n) =>
    JSON.stringify({
      ...Object.fromEntries(range(n).map((i) => [`k${i}`, i])),
      PeerConnections: {},
      UserAgent: UA,
    }),
  'json: top-level keys, not a dump': (n) =>
    JSON.stringify(Object.fromEntries(range(n).map((i) => [`k${i}`, i]))),
  'rtcstats: keys per report': (n) =>
    polls(2, (k) => ({
      IT: {
        type: 'inbound-rtp',
        kind: 'audio',
        ssrc: 1,
        packetsReceived: k * 50,
        ...Object.fromEntries(range(n).map((i) => [`f${i}`, k + i])),
      },
    })),
  'rtcstats: candidates in one poll': (n) =>
    polls(2, () =>
      Object.fromEntries(
        range(n).flatMap((i) => [
          ...Object.entries(candidate(`L${i}`, i)),
          [`R${i}`, { type: 'remote-candidate', address: '10.1.0.1', port: i, candidateType: 'host' }],
          [
            `CP${i}`,
            {
              type: 'candidate-pair',
              localCandidateId: `L${i}`,
              remoteCandidateId: `R${i}`,
              state: 'failed',
            },
          ],
        ]),
      ),
    ),
  'rtcstats: tracks and media sources': (n) =>
    polls(2, (k) =>
      Object.fromEntries(
        range(n).flatMap((i) => [
          [`MS${i}`, { type: 'media-source', kind: 'video', trackIdentifier: `t${i}`, frames: k }],
          [
            `OT${i}`,
            { type: 'outbound-rtp', kind: 'video', ssrc: i, mediaSourceId: `MS${i}`, packetsSent: k },
          ],
          [`C${i}`, { type: 'codec', payloadType: i, mimeType: 'video/VP8', clockRate: 90000 }],
        ]),
      ),
    ),
  'rtcstats: stream samples': (n) =>
    polls(n, (i) => ({
      IT: { type: 'inbound-rtp', kind: 'video', ssrc: 1, packetsReceived: i * 50, packetsLost: i % 7 },
      CP: { type: 'candidate-pair', state: 'succeeded', nominated: true, currentRoundTripTime: (i % 9) / 10 },
    })),
  'media requests left open': (n) =>
    jitsi([
      ...range(n).map((i) => [
        'navigator.mediaDevices.getUserMedia',
        null,
        { audio: true, video: true },
        T + i,
      ]),
      ...range(n).map((i) => [
        'navigator.mediaDevices.getUserMediaOnFailure',
        null,
        { name: 'NotReadableError', message: 'busy' },
        T + n + i,
      ]),
    ]),
  'media request failures': (n) =>
    jitsi(
      range(n).flatMap((i) => [
        ['navigator.mediaDevices.getUserMedia', null, { audio: true, video: true }, T + 2 * i],
        ['navigator.mediaDevices.getUserMediaOnFailure', null, { name: 'NotAllowedError' }, T + 2 * i + 1],
      ]),
    ),
  'legacy rtcstats: events': (n) =>
    JSON.stringify({
      peerConnections: {
        PC_0: range(n).map((i) => ({
          time: new Date(T + i).toISOString(),
          type: 'oniceconnectionstatechange',
          value: i % 2 ? 'connected' : 'disconnected',
        })),
      },
    }),
  'internals: keys per report': (n) =>
    internals({
      a: {
        stats: Object.fromEntries([
          ['IT-timestamp', statSeries('inbound-rtp', [T, T + 1000])],
          ['IT-kind', statSeries('inbound-rtp', ['audio', 'audio'])],
          ['IT-ssrc', statSeries('inbound-rtp', [1, 1])],
          ...range(n).map((i) => [`IT-f${i}`, statSeries('inbound-rtp', [i, i + 1])]),
        ]),
      },
    }),
  'internals: getUserMedia entries': (n) =>
    JSON.stringify({
      getUserMedia: range(n).map((i) => ({
        rid: 1,
        pid: 1,
        origin: 'https://x.example',
        request_id: i,
        request_type: 'getUserMedia',
        timestamp: T + i,
        audio: 'true',
        video: '',
      })),
      PeerConnections: {},
      UserAgent: UA,
    }),
  'internals: samples per series': (n) =>
    internals({
      a: {
        stats: {
          'IT-timestamp': statSeries(
            'inbound-rtp',
            range(n).map((i) => T + i * 1000),
          ),
          'IT-kind': statSeries(
            'inbound-rtp',
            range(n).map(() => 'video'),
          ),
          'IT-ssrc': statSeries(
            'inbound-rtp',
            range(n).map(() => 1),
          ),
          'IT-packetsReceived': statSeries(
            'inbound-rtp',
            range(n).map((i) => i * 50),
          ),
          'IT-packetsLost': statSeries(
            'inbound-rtp',
            range(n).map((i) => i % 7),
          ),
        },
      },
    }),
  'failed connections without media': (n) =>
    jitsi(range(n).map((i) => ['oniceconnectionstatechange', `PC_${i}`, 'failed', T + i])),
  'legacy stream events with tracks': (n) =>
    jitsi(range(n).map((i) => ['onaddstream', 'PC_0', `s${i} audio:a${i},video:v${i}`, T + i])),
  'internals: transceivers without kind, and streams': (n) =>
    internals({
      a: {
        updateLog: range(n).map((i) =>
          event(
            'transceiverAdded',
            { mid: `${i}`, reason: 'addTrack', sender: { track: `t${i}` }, receiver: { track: `r${i}` } },
            i,
          ),
        ),
        stats: Object.fromEntries(
          range(n).flatMap((i) => [
            [`OT${i}-timestamp`, statSeries('outbound-rtp', [T])],
            [`OT${i}-kind`, statSeries('outbound-rtp', ['audio'])],
            [`OT${i}-ssrc`, statSeries('outbound-rtp', [i])],
            [`OT${i}-trackIdentifier`, statSeries('outbound-rtp', [`t${i}`])],
            [`OT${i}-packetsSent`, statSeries('outbound-rtp', [5])],
          ]),
        ),
      },
    }),
};
