/**
 * A webhook receiver on 127.0.0.1 for tests: keeps every request (headers and body) and answers
 * as `answer` says: a status, or `hang` to never answer (an attempt that times out).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Settings of a service whose webhooks go to a local receiver quickly: poll, retry, time out fast. */
export const FAST_WEBHOOKS = {
  CALLSCOPE_WEBHOOK_ALLOW_PRIVATE: '1',
  CALLSCOPE_WEBHOOK_POLL_MS: '25',
  CALLSCOPE_WEBHOOK_RETRY_BASE_MS: '20',
  CALLSCOPE_WEBHOOK_TIMEOUT_MS: '1500',
};

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
  /** When it arrived (epoch ms). */
  at: number;
}

export type Answer = number | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  /** How to answer the n-th request (0-based) of all; default 200. */
  answer: (request: Received, n: number) => Answer;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const hanging = new Set<ServerResponse>();
  const receiver: Receiver = {
    url: '',
    received: [],
    answer: () => 200,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const request: Received = {
        at: Date.now(),
        headers: req.headers,
        body: Buffer.concat(parts).toString('utf8'),
        path: req.url ?? '',
      };
      const n = receiver.received.length;
      receiver.received.push(request);
      const answer = receiver.answer(request, n);
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
