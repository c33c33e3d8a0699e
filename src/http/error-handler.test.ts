import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../service/api-error.js';
import { createLogger } from '../service/create-context.js';
import { installErrorHandler } from './error-handler.js';

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
