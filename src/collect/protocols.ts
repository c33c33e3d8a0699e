/**
 * The three client families callscope collects from, told apart by the WebSocket subprotocol they
 * offer (or, without one, by their first message), and the dump file each one's own server writes,
 * which the readers in src/ingest already read:
 *
 * - `rtcstats-v3`: rtcstats-js (subprotocol `rtcstats#<version>`): JSON arrays whose last element
 *   is the time since the previous record (the first one absolute). Stored as rtcstats-server
 *   does: `RTCStatsDump`, a metadata line, the records, a closing `close` record.
 * - `rtcstats-2`: the `rtcstats` npm client (subprotocol `2.0`): `[method, pcId, value, epochMs]`.
 *   Stored as file format 2: a metadata object, `publicIP`, the records, `close`.
 * - `jitsi`: `@jitsi/rtcstats` (subprotocol `3.1_STANDARD` or `3.1_LEGACY`): objects
 *   `{statsSessionId, type, data}` where a `stats-entry`'s data is the dump line as text. Stored as
 *   jitsi's rtcstats-server does: `connectionInfo`, then the lines. Its client waits for the
 *   server's `{type: 'sn'}` before it sends, and reconnects with the same statsSessionId.
 */

export type Protocol = 'rtcstats-v3' | 'rtcstats-2' | 'jitsi';

export const PROTOCOLS: readonly Protocol[] = ['rtcstats-v3', 'rtcstats-2', 'jitsi'];

/** The application's ids for the call, given in the connection URL. */
export interface CallIdentity {
  user?: string;
  conference?: string;
  session?: string;
}

/** What the collector knows of a connection when the dump starts. */
export interface ConnectionInfo {
  /** The page path the client appended (fippo, jitsi), else the collect path. */
  path: string;
  origin: string | undefined;
  userAgent: string | undefined;
  subprotocol: string | undefined;
  remoteAddress: string | undefined;
  startedAt: number;
  identity: CallIdentity | undefined;
}

/** What one client message adds to the dump. */
export type Accepted =
  | {
      lines: string[];
      /** jitsi: the sequence number of the last line, echoed to a client that reconnects. */
      seq?: number;
      /** The client said the call is over (jitsi `close`). */
      end?: boolean;
      /** The client's own id of the call (jitsi statsSessionId). */
      clientKey?: string;
    }
  | { problem: string };

export interface DumpFormat {
  readonly protocol: Protocol;
  /** The lines that open the dump (once per call, not again when a client reconnects). */
  header(info: ConnectionInfo): string[];
  accept(text: string, now: number): Accepted;
  /** The lines that close the dump when the connection ends with `code`. */
  close(code: number, now: number): string[];
}

/** The subprotocol to answer with, and the protocol it names. */
export function chooseSubprotocol(
  offered: Iterable<string>,
): { selected: string; protocol?: Protocol } | undefined {
  let fallback: string | undefined;
  for (const p of offered) {
    const protocol = protocolOfSubprotocol(p);
    if (protocol) return { selected: p, protocol };
    if (p === 'callscope') fallback = p;
  }
  return fallback ? { selected: fallback } : undefined;
}

export function protocolOfSubprotocol(p: string): Protocol | undefined {
  if (/^rtcstats#\d/.test(p)) return 'rtcstats-v3';
  if (/^[12]\.\d+$/.test(p)) return 'rtcstats-2';
  if (/^\d+\.\d+_(STANDARD|LEGACY)$/.test(p)) return 'jitsi';
  return undefined;
}

/** jitsi's bridge and focus components use the same server (`_JVB`…): not a browser's dump. */
export const isJitsiServerSide = (p: string): boolean => /^\d+\.\d+_(JVB|JICOFO|JIGASI)$/i.test(p);

/** The protocol of a client that offered none, from its first message (already parsed). */
export function protocolOfFirstMessage(value: unknown): Protocol | undefined {
  if (value && typeof value === 'object' && !Array.isArray(value) && 'statsSessionId' in value)
    return 'jitsi';
  if (!Array.isArray(value) || value.length < 2) return undefined;
  // rtcstats-js compresses method names to numbers ('g' for getStats); the older client never does.
  if (typeof value[0] === 'number' || value[0] === 'g') return 'rtcstats-v3';
  if (typeof value[0] === 'string') return 'rtcstats-2';
  return undefined;
}

export function dumpFormat(protocol: Protocol): DumpFormat {
  switch (protocol) {
    case 'rtcstats-v3':
      return new RtcstatsV3Format();
    case 'rtcstats-2':
      return new Rtcstats2Format();
    case 'jitsi':
      return new JitsiFormat();
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A record as one line: the client's own text unless it spans lines (pretty-printed JSON). */
const oneLine = (text: string, value: unknown): string =>
  text.includes('\n') || text.includes('\r') ? JSON.stringify(value) : text;

const identityRecord = (identity: CallIdentity) => ({
  ...(identity.user !== undefined ? { user: identity.user } : {}),
  ...(identity.conference !== undefined ? { conference: identity.conference } : {}),
  ...(identity.session !== undefined ? { session: identity.session } : {}),
});

const hasIdentity = (identity: CallIdentity | undefined): identity is CallIdentity =>
  identity !== undefined && Object.keys(identityRecord(identity)).length > 0;

/**
 * The ids of the connection URL, again at the end of the dump: the readers keep the last value of
 * each id, so the ones the app gave callscope win over those its client recorded for itself.
 */
const closingIdentity = (identity: CallIdentity | undefined, now: number): string[] =>
  identity ? [JSON.stringify(['identity', null, identityRecord(identity), now])] : [];

/** The last part of an address dropped, as rtcstats-server stores the client's address. */
export function obfuscateAddress(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const ip = address.replace(/^::ffff:/, '');
  if (ip.includes(':')) return `${ip.split(':').slice(0, 3).join(':')}:x:x:x:x:x`;
  const parts = ip.split('.');
  return parts.length === 4 ? `${parts.slice(0, 3).join('.')}.x` : undefined;
}

class RtcstatsV3Format implements DumpFormat {
  readonly protocol = 'rtcstats-v3';
  #identity: CallIdentity | undefined;
  #records = 0;
  #lastAt = 0;

  header(info: ConnectionInfo): string[] {
    this.#identity = hasIdentity(info.identity) ? info.identity : undefined;
    const address = obfuscateAddress(info.remoteAddress);
    const metadata = {
      url: info.path,
      origin: info.origin,
      userAgent: info.userAgent,
      startTime: info.startedAt,
      ...(address ? { remoteAddresses: [address] } : {}),
      clientProtocol: info.subprotocol ?? 'rtcstats#5.0',
      fileFormat: 3,
    };
    return ['RTCStatsDump', JSON.stringify(metadata)];
  }

  accept(text: string, now: number): Accepted {
    const value = parse(text);
    if (!Array.isArray(value) || value.length < 3)
      return { problem: 'an rtcstats record is a JSON array [method, connection, ..., time delta]' };
    const [method, connection] = value;
    const delta = value[value.length - 1];
    if (
      (typeof method !== 'string' && typeof method !== 'number') ||
      (connection !== null && typeof connection !== 'string') ||
      typeof delta !== 'number' ||
      !Number.isFinite(delta)
    )
      return {
        problem: 'an rtcstats record starts with its method and connection and ends with a time delta',
      };
    this.#lastAt = now;
    const lines = [oneLine(text, value)];
    // The identity follows the first record: that one carries the absolute time the deltas add to.
    if (this.#records++ === 0 && this.#identity)
      lines.push(JSON.stringify(['identity', null, identityRecord(this.#identity), 0]));
    return { lines };
  }

  close(code: number, now: number): string[] {
    const lines: string[] = [];
    // Again at the end: the ids of the connection URL win over those the client recorded.
    if (this.#records > 0 && this.#identity)
      lines.push(JSON.stringify(['identity', null, identityRecord(this.#identity), now - this.#lastAt]));
    const delta = this.#records === 0 ? now : lines.length > 0 ? 0 : now - this.#lastAt;
    lines.push(JSON.stringify(['close', null, code, delta]));
    return lines;
  }
}

class Rtcstats2Format implements DumpFormat {
  readonly protocol = 'rtcstats-2';
  #identity: CallIdentity | undefined;

  header(info: ConnectionInfo): string[] {
    this.#identity = hasIdentity(info.identity) ? info.identity : undefined;
    const metadata = {
      path: info.path,
      origin: info.origin,
      url: info.origin ? info.origin + info.path : info.path,
      userAgent: info.userAgent,
      time: info.startedAt,
      fileFormat: 2,
    };
    const address = obfuscateAddress(info.remoteAddress);
    const lines = [
      JSON.stringify(metadata),
      JSON.stringify(['publicIP', null, address ? [address] : [], info.startedAt]),
    ];
    if (hasIdentity(info.identity))
      lines.push(JSON.stringify(['identity', null, identityRecord(info.identity), info.startedAt]));
    return lines;
  }

  accept(text: string): Accepted {
    const value = parse(text);
    if (!Array.isArray(value) || value.length < 2 || typeof value[0] !== 'string')
      return { problem: 'an rtcstats record is a JSON array [method, connection, value, time]' };
    if (value[1] !== null && typeof value[1] !== 'string')
      return { problem: 'the connection of an rtcstats record is a string or null' };
    return { lines: [oneLine(text, value)] };
  }

  close(_code: number, now: number): string[] {
    return [...closingIdentity(this.#identity, now), JSON.stringify(['close', null, null, now])];
  }
}

const SESSION_ID = /^[A-Za-z0-9_-]{1,128}$/;

class JitsiFormat implements DumpFormat {
  readonly protocol = 'jitsi';
  #sessionId: string | undefined;
  #identity: CallIdentity | undefined;

  header(info: ConnectionInfo): string[] {
    this.#identity = hasIdentity(info.identity) ? info.identity : undefined;
    const legacy = info.subprotocol?.endsWith('_LEGACY') ?? false;
    const connectionInfo = {
      path: info.path,
      origin: info.origin,
      url: info.origin ? info.origin + info.path : info.path,
      userAgent: info.userAgent,
      clientProtocol: info.subprotocol,
      statsFormat: statsFormat(info.userAgent, legacy),
      clientType: 'RTCSTATS_CLIENT',
    };
    const lines = [JSON.stringify(['connectionInfo', null, connectionInfo, info.startedAt])];
    if (hasIdentity(info.identity))
      lines.push(JSON.stringify(['identity', null, identityRecord(info.identity), info.startedAt]));
    return lines;
  }

  /** A continued call keeps its statsSessionId. */
  resume(sessionId: string): void {
    this.#sessionId = sessionId;
  }

  accept(text: string): Accepted {
    const message = parse(text);
    if (!message || typeof message !== 'object' || Array.isArray(message))
      return { problem: 'a jitsi rtcstats message is a JSON object {statsSessionId, type, data}' };
    const { statsSessionId, type, data } = message as Record<string, unknown>;
    if (typeof statsSessionId !== 'string' || !SESSION_ID.test(statsSessionId))
      return { problem: 'statsSessionId must be 1 to 128 of A-Z, a-z, 0-9, _ and -' };
    if (this.#sessionId !== undefined && statsSessionId !== this.#sessionId)
      return { problem: 'one connection carries one statsSessionId' };
    this.#sessionId = statsSessionId;
    const clientKey = statsSessionId;
    if (type === 'keepalive') return { lines: [], clientKey };
    if (type === 'close') return { lines: [], end: true, clientKey };
    if (type !== 'stats-entry' && type !== 'identity') return { lines: [], clientKey };
    // stats-entry data is the dump line as text; identity data comes as the array itself.
    const record = typeof data === 'string' ? parse(data) : data;
    if (!Array.isArray(record) || typeof record[0] !== 'string')
      return { problem: `the data of a ${type} message is a record [method, connection, value, time, seq]` };
    const seq = typeof record[4] === 'number' && Number.isSafeInteger(record[4]) ? record[4] : undefined;
    const line = typeof data === 'string' ? oneLine(data, record) : JSON.stringify(record);
    return { lines: [line], clientKey, ...(seq !== undefined ? { seq } : {}) };
  }

  close(_code: number, now: number): string[] {
    return closingIdentity(this.#identity, now);
  }
}

/** jitsi's statsFormat from the user agent, as its server names them. */
function statsFormat(userAgent: string | undefined, legacy: boolean): string {
  const ua = userAgent ?? '';
  if (/Firefox\//.test(ua)) return 'firefox';
  if (/Safari\//.test(ua) && !/(Chrome|Chromium|Edg)\//.test(ua)) return 'safari';
  return legacy ? 'chrome_legacy' : 'chrome_standard';
}

export function isJitsiFormat(format: DumpFormat): format is DumpFormat & { resume(id: string): void } {
  return format instanceof JitsiFormat;
}
