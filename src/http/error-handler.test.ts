import { type AddressInfo, connect } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../test/support/wait-for.js';
import { ApiError } from '../service/api-error.js';
import { createLogger } from '../service/create-context.js';
import { installErrorHandler, refuseWhileClosing } from './error-handler.js';

/** An app whose routes fail with the given errors, logging to an array of parsed lines. */
async function appLogging() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ loggerInstance: createLogger('info', destination) as FastifyBaseLogger });
  installErrorHandler(app);
  app.get('/timeout', async () => {
    throw new ApiError('server_error', 'The analysis took longer than 300 s and was stopped.');
  });
  app.get('/database-down', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  app.get('/bug', async () => {
    throw new TypeError('x is undefined');
  });
  app.get('/busy', async () => {
    throw new ApiError('server_busy', 'Every analysis worker is busy: retry shortly.');
  });
  await app.ready();
  return { app, lines };
}

describe('error handler', () => {
  it('logs why the service answered 500, under the request id', async () => {
    const { app, lines } = await appLogging();
    const res = await app.inject({ url: '/timeout', headers: { 'x-request-id': 'dump-42' } });
    expect(res.statusCode).toBe(500);
    const failed = lines.find((l) => l.msg === 'request failed');
    expect(failed).toMatchObject({
      level: 50,
      reason: 'The analysis took longer than 300 s and was stopped.',
    });
    expect(failed?.reqId).toBe(lines.find((l) => l.msg === 'incoming request')?.reqId);
    await app.close();
  });

  it('does not log an expected refusal (503 server_busy) as a failure', async () => {
    const { app, lines } = await appLogging();
    expect((await app.inject({ url: '/busy' })).statusCode).toBe(503);
    expect(lines.some((l) => l.msg === 'request failed')).toBe(false);
    await app.close();
  });

  it('answers 503 with Retry-After while the database is unreachable, and logs it as a warning', async () => {
    const { app, lines } = await appLogging();
    const res = await app.inject({ url: '/database-down' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      error: 'The database is unreachable for the moment: retry shortly.',
      errorCode: 'server_busy',
    });
    expect(lines.find((l) => l.msg === 'database unavailable')).toMatchObject({
      level: 40,
      reason: 'connect ECONNREFUSED 127.0.0.1:5432',
    });
    // Any other failure stays a 500.
    expect((await app.inject({ url: '/bug' })).statusCode).toBe(500);
    await app.close();
  });
});

describe('a request that reaches a server shutting down', () => {
  /**
   * Sends a slow request on a kept-alive connection, closes the server while it runs, then sends
   * `path` on the same connection once the slow one is answered: what that second request gets.
   */
  async function afterClose(method: string, path: string): Promise<string> {
    const app = Fastify({ return503OnClosing: false });
    installErrorHandler(app);
    refuseWhileClosing(app);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    app.get('/slow', async () => {
      started();
      await held;
      return { ok: true };
    });
    app.get('/v1.0/quota', async () => ({ ok: true }));
    app.post('/v1.0/mcp', async () => ({ ok: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const socket = connect((app.server.address() as AddressInfo).port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk;
    });
    const closed = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await running;
    const closing = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await waitFor(
      'the slow answer',
      async () => (received.includes('{"ok":true}') ? true : undefined),
      10_000,
    );
    socket.write(`${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n`);
    await closed;
    await closing;
    return received.slice(received.indexOf('{"ok":true}') + '{"ok":true}'.length);
  }

  it('gets 503 server_busy with Retry-After in the error shape, and the connection closed', async () => {
    const answer = await afterClose('GET', '/v1.0/quota');
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toMatch(/\r\nx-request-id: /i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'The server is shutting down: retry shortly.',
      errorCode: 'server_busy',
    });
  });

  it('gets the transport error shape on the MCP endpoint', async () => {
    const answer = await afterClose('POST', '/v1.0/mcp');
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message: 'The server is shutting down: retry shortly.',
        data: { status: 503, errorCode: 'server_busy' },
      },
      id: null,
    });
  });
});
