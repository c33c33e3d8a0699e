/**
 * Collecting clients for tests and bench:collect: the messages a client of each protocol sent to
 * record a real dump (its server wrote them one per line, so a stored dump gives them back), sent
 * over a real WebSocket the way each client does it.
 */
import { WebSocket } from 'ws';
import type { Protocol } from '../../src/collect/protocols.js';

/** Subprotocols the real clients offer. */
export const SUBPROTOCOL: Record<Protocol, string> = {
  'rtcstats-v3': 'rtcstats#5.0',
  'rtcstats-2': '2.0',
  jitsi: '3.1_STANDARD',
};

/** The client messages behind a stored dump of `protocol` (the server's own lines left out). */
export function clientMessages(protocol: Protocol, dump: string, statsSessionId = 'session-1'): string[] {
  const lines = dump.split('\n').filter((l) => l.trim() !== '');
  if (protocol === 'rtcstats-v3') return lines.slice(2).filter((l) => !l.startsWith('["close",null,'));
  if (protocol === 'rtcstats-2')
    return lines.filter((l) => l.startsWith('[') && !/^\["(publicIP|close)",null,/.test(l));
  return lines
    .filter((l) => l.startsWith('[') && !l.startsWith('["connectionInfo"'))
    .map((l) =>
      l.startsWith('["identity"')
        ? JSON.stringify({ statsSessionId, type: 'identity', data: JSON.parse(l) })
        : JSON.stringify({ statsSessionId, type: 'stats-entry', data: l }),
    );
}

export interface CollectClient {
  ws: WebSocket;
  /** Resolves with the close code and reason the server gave. */
  closed: Promise<{ code: number; reason: string }>;
  /** jitsi: the acknowledgements received (`sn` values). */
  acks: number[];
  send(message: string): void;
}

/**
 * Opens a collecting connection to `url` (ws://host/v1.0/collect/<token>/page...) as a client of
 * `protocol`; resolves once it may send (jitsi: after the server's first `sn`).
 */
export function connectClient(
  url: string,
  protocol: Protocol | undefined,
  options: { origin?: string; subprotocols?: string[] } = {},
): Promise<CollectClient> {
  const subprotocols = options.subprotocols ?? (protocol ? [SUBPROTOCOL[protocol]] : []);
  const ws = new WebSocket(url, subprotocols, {
    ...(options.origin ? { headers: { origin: options.origin } } : {}),
  });
  const acks: number[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('error', () => {});
  const client: CollectClient = { ws, closed, acks, send: (m) => ws.send(m) };
  return new Promise((resolve, reject) => {
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { type: string; body: { value: number; state: string } };
      if (m.type !== 'sn') return;
      acks.push(m.body.value);
      if (m.body.state === 'initial') resolve(client);
    });
    ws.once('open', () => {
      if (protocol !== 'jitsi') resolve(client);
    });
    void closed.then((c) => reject(Object.assign(new Error(`closed ${c.code} ${c.reason}`), c)));
  });
}
