/**
 * Parsers for the free-text values webrtc-internals wrote before M142, when updateLog values
 * were display strings rather than JSON. Each returns undefined when the text does not have the
 * expected shape, so callers can keep the raw string.
 */

/** `"type: offer, sdp: v=0\r\n…"` → `{type, sdp}`. */
export function parseDescriptionText(text: string): { type: string; sdp: string } | undefined {
  const m = /^type:\s*([\w-]+),\s*sdp:\s*/.exec(text);
  if (!m?.[1]) return undefined;
  return { type: m[1], sdp: text.slice(m[0].length) };
}

/**
 * `"sdpMid: 0, sdpMLineIndex: 0, candidate: candidate:…"` → `{sdpMid, sdpMLineIndex, candidate}`.
 * Later DOM-era builds (~M12x-M141) append `", url: stun:…"` and `", relayProtocol: udp"` to the
 * same text: they become fields of their own, not part of the candidate line.
 */
export function parseCandidateText(text: string):
  | {
      sdpMid: string | null;
      sdpMLineIndex: number | null;
      candidate: string;
      url?: string;
      relayProtocol?: string;
    }
  | undefined {
  const m = CANDIDATE_HEAD.exec(text);
  if (!m) return undefined;
  // The mid is `[^,\s][^,]*` or empty, not `[^,]*`: after `\s*`, a run that also takes spaces made
  // a long line of spaces quadratic (every split of it was tried). It reads the same text.
  const mid = m[1]?.trim();
  // The tail is cut by hand where `(.*?)(?:, url…)?(?:, relayProtocol…)?\s*$` read it: that lazy run
  // tried the end of the text after each of its characters, quadratic in a long run of white
  // space before a last word (100 kB took ten seconds). Same fields: the trailing relayProtocol,
  // then a trailing url, are taken off the candidate.
  let rest = text.slice(m[0].length).trimEnd();
  const relay = RELAY_TAIL.exec(rest);
  if (relay) rest = rest.slice(0, relay.index);
  const url = URL_TAIL.exec(rest);
  if (url) rest = rest.slice(0, url.index);
  return {
    sdpMid: mid === undefined || mid === '' || mid === 'null' ? null : mid,
    sdpMLineIndex: m[2] === undefined || m[2] === 'null' ? null : Number(m[2]),
    candidate: rest.trim(),
    ...(url?.[1] ? { url: url[1] } : {}),
    ...(relay?.[1] ? { relayProtocol: relay[1] } : {}),
  };
}

const CANDIDATE_HEAD = /^sdpMid:\s*([^,\s][^,]*|),\s*sdpMLineIndex:\s*(-?\d+|null)?,\s*candidate:/;
const URL_TAIL = /,\s*url:\s*([^,\s]*)$/;
const RELAY_TAIL = /,\s*relayProtocol:\s*(\w*)$/;

/**
 * `"url: turn:…\naddress: 192.168.x.x\nport: 54321\nhost_candidate: …\nerror_text: …\nerror_code: 701"`
 * (and its JSON form with the same snake_case keys) → the rtcstats shape
 * `{url, address, port, hostCandidate, errorCode, errorText}`.
 */
export function parseIceCandidateError(value: unknown): Record<string, unknown> | undefined {
  let fields: Record<string, unknown> | undefined;
  if (typeof value === 'string') {
    fields = {};
    for (const line of value.split(/\r?\n/)) {
      const at = line.indexOf(':');
      if (at > 0) fields[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
    if (Object.keys(fields).length === 0) return undefined;
  } else if (value && typeof value === 'object') {
    fields = value as Record<string, unknown>;
  } else {
    return undefined;
  }
  const code = fields.errorCode ?? fields.error_code;
  return {
    url: fields.url,
    address: fields.address,
    port: fields.port === undefined ? undefined : Number(fields.port),
    hostCandidate: fields.hostCandidate ?? fields.host_candidate,
    errorCode: code === undefined || code === '' ? undefined : Number(code),
    errorText: fields.errorText ?? fields.error_text,
  };
}

/** `"options: {offerToReceiveVideo: 1, …, iceRestart: false}"` → `{offerToReceiveVideo: 1, iceRestart: false}`. */
export function parseOptionsText(text: string): Record<string, unknown> | undefined {
  // From the first `{` to the last `}`, as `/\{(.*)\}/s` read it, without that pattern's scan to the
  // end from every `{` (quadratic in a dump's text of braces).
  const open = text.indexOf('{');
  const inner = open === -1 ? '' : text.slice(open + 1, Math.max(open + 1, text.lastIndexOf('}')));
  if (!inner) return undefined;
  const out: Record<string, unknown> = {};
  for (const part of inner.split(',')) {
    const at = part.indexOf(':');
    if (at <= 0) continue;
    const key = part.slice(0, at).trim();
    const raw = part.slice(at + 1).trim();
    out[key] =
      raw === 'true' ? true : raw === 'false' ? false : Number.isFinite(Number(raw)) ? Number(raw) : raw;
  }
  return out;
}

/**
 * Old `transceiverAdded`/`transceiverModified` text, into the shape of the M142+ JSON
 * (`{reason, transceiverIndex, mid, kind, sender: {track, streams}, receiver: {…}, direction,
 * currentDirection}`). The text is JavaScript-like and spread over lines:
 * `"Caused by: addTrack\n\ngetTransceivers()[0]:{\n  mid:null,\n  kind:'audio',\n  sender:{\n
 * track:'…',\n    streams:['…'],\n  },\n  receiver:{…},\n  direction:'sendrecv',\n  currentDirection:null,\n}"`.
 * `kind` only appears from ~M105 on.
 */
export function parseTransceiverText(text: string): Record<string, unknown> | undefined {
  const reason = /Caused by:\s*(\w+)/.exec(text)?.[1];
  const index = /getTransceivers\(\)\[(\d+)\]/.exec(text)?.[1];
  // `\{[^}]*\}` scans to the end of the text from every `{` that no `}` follows: quadratic in a
  // dump's text of many `sender:{`. Such blocks never match, so they are left out of the search.
  const closed = text.slice(0, text.lastIndexOf('}') + 1);
  // Top-level fields: outside the sender/receiver blocks.
  const top = closed.replace(/(sender|receiver):\s*\{[^}]*\}/g, '') + text.slice(closed.length);
  const out: Record<string, unknown> = {
    reason,
    ...(index !== undefined ? { transceiverIndex: Number(index) } : {}),
    mid: pickField(top, 'mid'),
    ...(/\bkind\s*:/.test(top) ? { kind: pickField(top, 'kind') } : {}),
    direction: pickField(top, 'direction'),
    currentDirection: pickField(top, 'currentDirection'),
  };
  for (const side of ['sender', 'receiver'] as const) {
    const block = new RegExp(`${side}:\\s*\\{([^}]*)\\}`).exec(closed)?.[1];
    if (block !== undefined)
      out[side] = { track: pickField(block, 'track') ?? null, streams: quotedList(block) };
  }
  return reason === undefined && out.mid === undefined && out.direction === undefined ? undefined : out;
}

/** `name:'value'`, `name:"value"` or `name:null` in JavaScript-like text. */
function pickField(text: string, name: string): string | null | undefined {
  const m = new RegExp(`\\b${name}\\s*:\\s*(?:'([^']*)'|"([^"]*)"|(null|\\w+))`).exec(text);
  if (!m) return undefined;
  const v = m[1] ?? m[2] ?? m[3];
  return v === 'null' ? null : v;
}

/** `streams:['a','b']` → `['a', 'b']`. */
function quotedList(text: string): string[] {
  // Searched up to the last `]` only, for the reason given for `}` in parseTransceiverText.
  const list = /streams\s*:\s*\[([^\]]*)\]/.exec(text.slice(0, text.lastIndexOf(']') + 1))?.[1] ?? '';
  return [...list.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2] ?? '');
}

/**
 * Data channel creation before M142: `"label: chat, reliable: true"` (<= ~M104) or
 * `"label: chat, ordered: true, maxRetransmits: 0, protocol: \"p\", negotiated: false"` →
 * `{label, ordered, …}`.
 */
export function parseDataChannelText(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith('label:')) return undefined;
  const out: Record<string, unknown> = {};
  // Split before each `, key:` so that a label with commas stays whole.
  for (const part of text.split(/,\s*(?=\w+:\s)/)) {
    const at = part.indexOf(':');
    if (at <= 0) continue;
    const key = part.slice(0, at).trim();
    const raw = part.slice(at + 1).trim();
    out[key] =
      raw === 'true'
        ? true
        : raw === 'false'
          ? false
          : /^-?\d+$/.test(raw)
            ? Number(raw)
            : raw.replace(/^"(.*)"$/s, '$1');
  }
  return out;
}

/**
 * getUserMedia constraints of old dumps are JavaScript literals (`{deviceId: {ideal: ["…"]}}`),
 * not JSON. Quote the keys and single-quoted strings and try again; keep the text otherwise.
 */
export function parseConstraintText(text: string): unknown {
  if (text === '') return true;
  try {
    return JSON.parse(text);
  } catch {
    const jsonish = text
      .replace(/([{,]\s*)([A-Za-z_$][\w$]*)\s*:/g, '$1"$2":')
      .replace(/'([^'\\]*)'/g, '"$1"');
    try {
      return JSON.parse(jsonish);
    } catch {
      return text;
    }
  }
}
