/**
 * One attempt to deliver one webhook: a POST with a deadline for the whole exchange (connect,
 * send, answer), through an agent whose `lookup` refuses blocked addresses (address-guard.ts).
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { BlockedAddressError, guardedLookup, isBlockedAddress } from './address-guard.js';

export interface Outgoing {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface SendOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  /** From guardedAgents(allowPrivate). */
  agents: Agents;
  /** Aborts the attempt (shutdown). */
  signal?: AbortSignal;
}

export interface Attempt {
  ok: boolean;
  /** The HTTP status, or null when no answer came (refused, timed out, network error). */
  status: number | null;
  error: string | null;
}

/** At most this much of an answer is read (for the log); the rest is dropped. */
const ANSWER_BYTES = 1024;

export interface Agents {
  http: http.Agent;
  https: https.Agent;
}

/**
 * The agents of a dispatcher: their `lookup` refuses blocked addresses unless `allowPrivate`. No
 * keep-alive: every attempt resolves its host anew, so a rebound name is checked again.
 */
export function guardedAgents(allowPrivate: boolean): Agents {
  const lookup = guardedLookup(allowPrivate);
  return { http: new http.Agent({ lookup }), https: new https.Agent({ lookup }) };
}

export function sendOnce(out: Outgoing, options: SendOptions): Promise<Attempt> {
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const done = (attempt: Attempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abort);
      resolve(attempt);
    };
    const fail = (error: string) => done({ ok: false, status: null, error });
    let url: URL;
    try {
      url = new URL(out.url);
    } catch {
      return fail('invalid URL');
    }
    // A literal address is never looked up, so the agent's lookup cannot see it: checked here.
    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    if (!options.allowPrivate && isIP(host) && isBlockedAddress(host))
      return fail(new BlockedAddressError(host, host).message);
    const secure = url.protocol === 'https:';
    const request = (secure ? https : http).request(url, {
      method: 'POST',
      agent: secure ? options.agents.https : options.agents.http,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(out.body)),
        'user-agent': 'callscope-webhooks',
        ...out.headers,
      },
    });
    timer = setTimeout(() => {
      request.destroy();
      fail(`timed out after ${options.timeoutMs} ms`);
    }, options.timeoutMs);
    const abort = () => {
      request.destroy();
      fail('stopped (shutdown)');
    };
    if (options.signal?.aborted) return abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    request.on('error', (error: NodeJS.ErrnoException) => fail(error.message || error.code || 'error'));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      const parts: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        if (read < ANSWER_BYTES) parts.push(chunk.subarray(0, ANSWER_BYTES - read));
        read += chunk.length;
      });
      response.on('error', (error) => fail(error.message));
      response.on('end', () => {
        const ok = status >= 200 && status < 300;
        const text = Buffer.concat(parts).toString('utf8').trim();
        done({ ok, status, error: ok ? null : `HTTP ${status}${text ? `: ${text.slice(0, 200)}` : ''}` });
      });
    });
    request.end(out.body);
  });
}
