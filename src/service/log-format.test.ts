import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger } from './create-context.js';
import { prettyLine } from './log-format.js';

/** A Fastify app logging through the service's logger into an array of written lines. */
async function appLogging(format: 'auto' | 'json' | 'pretty', terminal: boolean) {
  const lines: string[] = [];
  const log = createLogger('info', { write: (line: string) => void lines.push(line) }, format, terminal);
  const app = Fastify({ loggerInstance: log as FastifyBaseLogger });
  app.get('/v1.0/quota', async () => ({ ok: true }));
  app.get('/share/:key', async () => {
    throw new TypeError('x is undefined');
  });
  await app.ready();
  return { app, lines };
}

describe('the log format', () => {
  it('writes a readable line per event on a terminal: time, level, request, message, status, time taken', async () => {
    const { app, lines } = await appLogging('auto', true);
    await app.inject({ url: '/v1.0/quota' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/v1\.0\/quota incoming request \(req-1\) *\n$/);
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d INFO {2}request completed 200 in \d+ ms \(req-1\)\n$/);
    for (const line of lines) expect(line).not.toContain('{');
  });

  it('keeps link keys redacted and shows an error with its stack below it', async () => {
    const { app, lines } = await appLogging('pretty', false);
    await app.inject({ url: '/share/AbCdEfGhIjKlMnOpQrSt' });
    const text = lines.join('');
    expect(text).not.toContain('AbCdEfGhIjKlMnOpQrSt');
    expect(text).toContain('GET /share/[redacted] incoming request');
    const failed = lines.find((l) => l.includes('ERROR'))!;
    expect(failed).toMatch(/\n {4}TypeError: x is undefined\n {5,}at /);
  });

  it('writes JSON when piped (auto) or configured (json), even on a terminal', async () => {
    for (const [format, terminal] of [
      ['auto', false],
      ['json', true],
    ] as const) {
      const { app, lines } = await appLogging(format, terminal);
      await app.inject({ url: '/v1.0/quota' });
      expect(lines).toHaveLength(2);
      expect(JSON.parse(lines[1]!)).toMatchObject({
        level: 30,
        msg: 'request completed',
        res: { statusCode: 200 },
      });
    }
  });

  it('passes a line that is not JSON as it is, and names fields it has no words for', () => {
    expect(prettyLine('not json')).toBe('not json\n');
    expect(
      prettyLine('{"level":40,"time":0,"msg":"lost an idle PostgreSQL connection","reason":"gone"}\n'),
    ).toBe('00:00:00 WARN  lost an idle PostgreSQL connection reason=gone\n');
  });
});
