/**
 * updateLog entries of a webrtc-internals dump, written the way each Chrome era wrote them
 * (peer_connection_tracker.cc of the time):
 *
 * - `legacy` (<= ~M104): camelCase names (`signalingStateChange`, `onIceCandidate`, `stop`…),
 *   enum-like signaling states (`SignalingStateHaveLocalOffer`), free-text values, and a locale
 *   `time` string.
 * - `dom` (~M105-M141): DOM event names (`iceconnectionstatechange`, `icecandidate`…), bare states,
 *   still free text and a locale `time`.
 * - `rtcstats` (M142+): rtcstats `on*` names, JSON-encoded values, epoch `timestamp`.
 */

export type LogStyle = 'legacy' | 'dom' | 'rtcstats';
export type StateKind = 'signaling' | 'iceConnection' | 'connection' | 'iceGathering';
export type DescriptionMethod =
  | 'createOfferOnSuccess'
  | 'createAnswerOnSuccess'
  | 'setLocalDescription'
  | 'setRemoteDescription';

/** One logged call or callback, described by meaning; `at` is epoch ms. */
export type LogEvent =
  | { at: number; kind: 'createOffer'; iceRestart?: boolean }
  | { at: number; kind: 'createAnswer' }
  | { at: number; kind: 'description'; method: DescriptionMethod; type: 'offer' | 'answer'; sdp: string }
  | { at: number; kind: 'success'; method: 'setLocalDescriptionOnSuccess' | 'setRemoteDescriptionOnSuccess' }
  | { at: number; kind: 'state'; which: StateKind; state: string }
  | {
      at: number;
      kind: 'candidate';
      side: 'local' | 'remote';
      sdpMid: string;
      sdpMLineIndex: number;
      candidate: string;
      url?: string;
      relayProtocol?: string;
    }
  | {
      at: number;
      kind: 'candidateError';
      url: string;
      address: string;
      port: number;
      hostCandidate: string;
      errorText: string;
      errorCode: number;
    }
  | { at: number; kind: 'negotiationNeeded' }
  | {
      at: number;
      kind: 'transceiver';
      modified?: boolean;
      reason: 'addTrack' | 'addTransceiver' | 'setLocalDescription' | 'setRemoteDescription';
      index: number;
      mid: string | null;
      media: 'audio' | 'video';
      senderTrack: string | null;
      receiverTrack: string;
      streams: readonly string[];
      direction: string;
      currentDirection: string | null;
    }
  | { at: number; kind: 'dataChannel'; side: 'local' | 'remote'; label: string }
  | { at: number; kind: 'close' }
  /** Anything else, written as given in every era. */
  | { at: number; kind: 'raw'; type: string; value: string };

/** How a browser formatted `new Date().toLocaleString()`: the updateLog `time` of old eras. */
export type LocaleStyle = 'en-US' | 'en-GB' | 'de-DE' | 'sv-SE' | 'ko-KR' | 'ar-EG';

export interface LogOptions {
  style: LogStyle;
  locale: LocaleStyle;
  /** Browser time zone, minutes east of UTC (-300 for New York in winter). */
  zoneOffsetMinutes: number;
  /** Builds before ~M70 wrote ICE states as enums too (`ICEConnectionStateConnected`). */
  enumIceStates?: boolean;
  /** Late DOM-era builds (~M125+) append `, url: …, relayProtocol: …` to candidate texts. */
  candidateUrlText?: boolean;
}

/** Pretty stringified entry: `{time, type, value}` (old eras) or `{type, value, timestamp}` (M142+). */
export function renderLogEntry(e: LogEvent, o: LogOptions): Record<string, unknown> {
  const { type, value } = renderTypeValue(e, o);
  if (o.style === 'rtcstats') return { type, value, timestamp: e.at };
  return { time: localeTime(e.at, o.locale, o.zoneOffsetMinutes), type, value };
}

function renderTypeValue(e: LogEvent, o: LogOptions): { type: string; value: string } {
  const json = o.style === 'rtcstats';
  switch (e.kind) {
    case 'createOffer':
      return {
        type: 'createOffer',
        value: json
          ? JSON.stringify({ voiceActivityDetection: true, ...(e.iceRestart ? { iceRestart: true } : {}) })
          : `options: {offerToReceiveVideo: -1, offerToReceiveAudio: -1, voiceActivityDetection: true, iceRestart: ${e.iceRestart === true}}`,
      };
    case 'createAnswer':
      // The old serializer really does start with ", ".
      return {
        type: 'createAnswer',
        value: json ? '{"voiceActivityDetection":true}' : 'options: {, voiceActivityDetection: true}',
      };
    case 'description':
      return {
        type: e.method,
        value: json ? JSON.stringify({ type: e.type, sdp: e.sdp }) : `type: ${e.type}, sdp: ${e.sdp}`,
      };
    case 'success':
      return { type: e.method, value: '' };
    case 'state':
      return renderState(e.which, e.state, o);
    case 'candidate':
      return renderCandidate(e, o.style, o.candidateUrlText === true);
    case 'candidateError':
      return {
        type: json ? 'onicecandidateerror' : 'icecandidateerror',
        value: json
          ? JSON.stringify({
              url: e.url,
              address: e.address,
              port: e.port,
              host_candidate: e.hostCandidate,
              error_text: e.errorText,
              error_code: e.errorCode,
            })
          : `url: ${e.url}\naddress: ${e.address}\nport: ${e.port}\nhost_candidate: ${e.hostCandidate}\nerror_text: ${e.errorText}\nerror_code: ${e.errorCode}`,
      };
    case 'negotiationNeeded':
      return {
        type: { legacy: 'onRenegotiationNeeded', dom: 'negotiationneeded', rtcstats: 'onnegotiationneeded' }[
          o.style
        ],
        value: '',
      };
    case 'transceiver':
      return renderTransceiver(e, o.style);
    case 'dataChannel':
      if (o.style === 'legacy')
        return {
          type: e.side === 'local' ? 'createLocalDataChannel' : 'onRemoteDataChannel',
          value: `label: ${e.label}, reliable: true`,
        };
      if (o.style === 'dom')
        return {
          type: e.side === 'local' ? 'createDataChannel' : 'datachannel',
          value: `label: ${e.label}, ordered: true, negotiated: false`,
        };
      return {
        type: e.side === 'local' ? 'createDataChannel' : 'ondatachannel',
        value: JSON.stringify({ label: e.label, ordered: true }),
      };
    case 'close':
      // pc.close() was logged as "stop" until the DOM-name rewrite.
      return { type: o.style === 'legacy' ? 'stop' : 'close', value: '' };
    case 'raw':
      return { type: e.type, value: e.value };
  }
}

const LEGACY_STATE_EVENTS: Record<StateKind, string> = {
  signaling: 'signalingStateChange',
  iceConnection: 'iceConnectionStateChange',
  connection: 'connectionStateChange',
  iceGathering: 'iceGatheringStateChange',
};

function renderState(which: StateKind, state: string, o: LogOptions): { type: string; value: string } {
  const dom = `${which.toLowerCase()}statechange`;
  if (o.style === 'rtcstats') return { type: `on${dom}`, value: JSON.stringify(state) };
  if (o.style === 'dom') return { type: dom, value: state };
  const pascal = state.replace(/(^|-)([a-z])/g, (_, _dash, c: string) => c.toUpperCase());
  let value = state;
  if (which === 'signaling') value = `SignalingState${pascal}`;
  else if (o.enumIceStates && which === 'iceConnection') value = `ICEConnectionState${pascal}`;
  else if (o.enumIceStates && which === 'iceGathering') value = `ICEGatheringState${pascal}`;
  return { type: LEGACY_STATE_EVENTS[which], value };
}

function renderCandidate(
  e: Extract<LogEvent, { kind: 'candidate' }>,
  style: LogStyle,
  urlText: boolean,
): { type: string; value: string } {
  if (style === 'rtcstats') {
    return {
      type: e.side === 'local' ? 'onicecandidate' : 'addIceCandidate',
      value: JSON.stringify({
        sdpMid: e.sdpMid,
        sdpMLineIndex: e.sdpMLineIndex,
        candidate: e.candidate,
        ...(e.url ? { url: e.url } : {}),
        ...(e.relayProtocol ? { relayProtocol: e.relayProtocol } : {}),
      }),
    };
  }
  let value = `sdpMid: ${e.sdpMid}, sdpMLineIndex: ${e.sdpMLineIndex}, candidate: ${e.candidate}`;
  // Later DOM-era builds append the server URL and relay protocol to the same text.
  if (style === 'dom' && urlText && e.url) value += `, url: ${e.url}`;
  if (style === 'dom' && urlText && e.relayProtocol) value += `, relayProtocol: ${e.relayProtocol}`;
  const local = style === 'legacy' ? 'onIceCandidate' : 'icecandidate';
  return { type: e.side === 'local' ? local : 'addIceCandidate', value };
}

function renderTransceiver(
  e: Extract<LogEvent, { kind: 'transceiver' }>,
  style: LogStyle,
): { type: string; value: string } {
  const type = e.modified ? 'transceiverModified' : 'transceiverAdded';
  if (style === 'rtcstats') {
    return {
      type,
      value: JSON.stringify({
        mid: e.mid,
        kind: e.media,
        sender: { track: e.senderTrack, streams: e.streams, encodings: [{ active: true }] },
        receiver: { track: e.receiverTrack, streams: [] },
        direction: e.direction,
        currentDirection: e.currentDirection,
        reason: e.reason,
        transceiverIndex: e.index,
      }),
    };
  }
  const q = (v: string | null) => (v === null ? 'null' : `'${v}'`);
  const streams = `[${e.streams.map((s) => `'${s}'`).join(',')}]`;
  const lines = ['{', `  mid:${q(e.mid)},`];
  // The DOM-era serializer added the kind and dropped `stopped`.
  if (style === 'dom') lines.push(`  kind:'${e.media}',`);
  lines.push(
    '  sender:{',
    `    track:${q(e.senderTrack)},`,
    `    streams:${streams},`,
    '  },',
    '  receiver:{',
    `    track:'${e.receiverTrack}',`,
    '    streams:[],',
    '  },',
  );
  if (style === 'legacy') lines.push('  stopped:false,');
  lines.push(`  direction:'${e.direction}',`, `  currentDirection:${q(e.currentDirection)},`, '}');
  return { type, value: `Caused by: ${e.reason}\n\ngetTransceivers()[${e.index}]:${lines.join('\n')}` };
}

/**
 * `Date.prototype.toLocaleString()` in a given locale and zone, written out by hand so tests do
 * not depend on the ICU data of the Node build.
 */
export function localeTime(epochMs: number, locale: LocaleStyle, zoneOffsetMinutes: number): string {
  const d = new Date(epochMs + zoneOffsetMinutes * 60_000);
  const Y = d.getUTCFullYear();
  const M = d.getUTCMonth() + 1;
  const D = d.getUTCDate();
  const h = d.getUTCHours();
  const two = (n: number) => String(n).padStart(2, '0');
  const mmss = `${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  switch (locale) {
    case 'en-US':
      return `${M}/${D}/${Y}, ${h12}:${mmss} ${h < 12 ? 'AM' : 'PM'}`;
    case 'ko-KR':
      return `${Y}. ${M}. ${D}. ${h < 12 ? '오전' : '오후'} ${h12}:${mmss}`;
    case 'ar-EG': {
      // Arabic-Indic digits, right-to-left marks after the date parts, AM/PM as ص/م.
      const arabic = (t: string) => t.replace(/\d/g, (c) => String.fromCharCode(0x660 + Number(c)));
      return arabic(`${D}\u200f/${M}\u200f/${Y}، ${h12}:${mmss} ${h < 12 ? 'ص' : 'م'}`);
    }
    case 'en-GB':
      return `${two(D)}/${two(M)}/${Y}, ${two(h)}:${mmss}`;
    case 'de-DE':
      return `${D}.${M}.${Y}, ${two(h)}:${mmss}`;
    case 'sv-SE':
      return `${Y}-${two(M)}-${two(D)} ${two(h)}:${mmss}`;
  }
}
