/**
 * Fuzzing the HTTP API (fast-check, seeded): (a) mutated real dumps through POST /v1.0/analyze
 * (raw and with save), (b) random requests on every route — methods, paths and path parameters,
 * query strings, headers, content types and bodies. Every answer comes in time; none is a 5xx; every
 * refusal of a REST route is `{error, errorCode}` with a catalog code whose status is the one sent
 * (test/support/api-schemas.ts `read`); memory stays bounded over the run. On SQLite, and on
 * PostgreSQL when CALLSCOPE_TEST_DATABASE_URL is set. CALLSCOPE_FUZZ_RUNS raises the runs.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dump, raw } from '../../test/support/api-requests.js';
import { expectOk, read } from '../../test/support/api-schemas.js';
import { postgresStorage, TEST_DATABASE_URL, type TestStorage } from '../../test/support/databases.js';
import { mutatedBytes, mutatedDumpArb } from '../../test/support/mutations.js';
import {
  fuzzSeed,
  memoryNow,
  recordFigure,
  runsTimeout,
  scaled,
  within,
} from '../../test/support/reliability.js';
import { startService, type TestAccount, type TestService } from '../../test/support/service.js';
import type { AnalyzeResponse } from '../model/api/resources.js';
import { FLAG_FILTERS, TEXT_FILTERS } from '../service/session-filters.js';

const DUMP_RUNS = scaled('CALLSCOPE_FUZZ_RUNS', 60);
const REQUEST_RUNS = scaled('CALLSCOPE_FUZZ_RUNS', 600);
const ANSWER_WITHIN_MS = 15_000;
const AUDIO = 'chromium156/audio-only/webrtc_internals_dump.txt';
const SMALL = 'rtcstats/rtcstats-gumonly.jsonl';

const API = /^\/(v1\.0|api\/callscope\/v1\.0)\//;

interface Ctx {
  service: TestService;
  account: TestAccount;
  readOnly: string;
  other: TestAccount;
  sessionId: string;
  otherSessionId: string;
  publicLink: string;
}

/** Text that fetch can send as a header value (visible ASCII and spaces, no CR/LF). */
const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map(String.fromCharCode),
  maxLength: 80,
});
/** Strings for JSON fields: ASCII, any code point, NUL, lone surrogates, long emoji runs. */
const anyText = (maxLength: number) =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.constantFrom('\u0000', 'a\u0000b', '\ud800', '\udfff x', '💥'.repeat(40), ' ', '\u202e'),
  );
/** Anything, percent-encoded, or left raw when it is already URL-safe; sometimes a broken escape. */
const urlText = fc.oneof(
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', maxLength: 20 }).map(encodeURIComponent),
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '%',
      '%zz',
      '%00',
      'a%00b',
      '%ff',
      '%ED%A0%80',
      '%2e%2e',
      '..',
      '.',
      '%2F',
      'a%2Fb',
      '%C0%AF',
      '%E2%80%AE',
      '~',
      '',
    ),
  },
  fc.string({ unit: fc.constantFrom('a', '-', '_', '0', 'Z'), minLength: 90, maxLength: 300 }),
);

function requestArb(c: Ctx) {
  const id = fc.oneof(
    fc.constant(c.sessionId),
    fc.constant(c.otherSessionId),
    fc.constant(c.sessionId.toUpperCase()),
    fc.uuid().map(String),
    urlText,
  );
  const param = fc.oneof(id, urlText, fc.constantFrom('iceFailure', 'networkAudioLossIn', c.publicLink));
  // Mostly the operations as documented (method and path), some of them with another method, and
  // paths that lead nowhere.
  const operation: fc.Arbitrary<readonly [string, string]> = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom<readonly [string, string]>(
        ['POST', 'upload'],
        ['POST', 'analyze'],
        ['POST', 'enrich'],
        ['GET', 'quota'],
        ['GET', 'sessions'],
        ['GET', 'sessions'],
        ['GET', 'sessions/{id}'],
        ['PATCH', 'sessions/{id}'],
        ['DELETE', 'sessions/{id}'],
        ['GET', 'sessions/{id}/dump'],
        ['GET', 'observations'],
        ['GET', 'observations/{p}'],
        ['POST', 'mcp'],
        ['GET', 'mcp'],
        ['DELETE', 'mcp'],
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'HEAD', 'OPTIONS'),
        fc.constantFrom('upload', 'analyze', 'quota', 'sessions', 'sessions/{id}', 'mcp', '{p}', '{p}/{p}'),
      ),
    },
  );
  const apiRequest = fc
    .record({
      prefix: fc.constantFrom(
        '/v1.0/',
        '/v1.0/',
        '/v1.0/',
        '/api/callscope/v1.0/',
        '/api/callscope/v1.0/',
        '/v1.0//',
        '/v2.0/',
      ),
      operation,
      id,
      p: param,
    })
    .map(({ prefix, operation: [method, template], id, p }) => ({
      method,
      path: prefix + template.replace('{id}', id).replaceAll('{p}', p),
    }));
  const sitePath = fc
    .record({
      template: fc.constantFrom(
        '/',
        '/sessions',
        '/sessions/{p}',
        '/share/{p}',
        '/share/{p}/session.json',
        '/share/{p}/observations/{p}',
        '/embed/{p}',
        '/api/openapi',
        '/api/openapi.json',
        '/api/schemas',
        '/api/schemas/{p}',
        '/api-docs.md',
        '/api-docs',
        '/assets/swagger-ui/{p}',
        '/healthz',
        '/readyz',
        '/metrics',
        '/assets/app.css',
        '/assets/{p}',
        '/{p}',
      ),
      p: param,
    })
    .map(({ template, p }) => template.replaceAll('{p}', p));
  const knownKey = fc.constantFrom(
    'save',
    'fileName',
    'limit',
    'page',
    'name',
    'observationTags',
    'observationFlags',
    ...TEXT_FILTERS,
    ...FLAG_FILTERS,
  );
  const value = fc.oneof(
    { weight: 2, arbitrary: urlText },
    { weight: 2, arbitrary: fc.constantFrom('%00', 'a%00b', '%ff', '%ED%A0%80', '%E2%80%AE', '%C0%AF') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'true',
        'false',
        '1',
        '0',
        'yes',
        '-1',
        '1001',
        '99999999',
        'audio,video',
        '',
      ),
    },
  );
  // Mostly parameters a route knows (so that their values reach the service), sometimes anything.
  const query: fc.Arbitrary<[string, string][]> = fc.oneof(
    { weight: 3, arbitrary: fc.array(fc.tuple(knownKey, value), { maxLength: 2 }) },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.oneof(knownKey, urlText), value), { maxLength: 4 }) },
  );
  const token = fc.constantFrom<keyof typeof tokens | 'none' | 'garbage'>(
    'full',
    'full',
    'full',
    'readOnly',
    'other',
    'none',
    'garbage',
  );
  const tokens = { full: c.account.token, readOnly: c.readOnly, other: c.other.token };
  const contentType = fc.option(
    fc.oneof(
      fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'application/octet-stream',
        'application/gzip',
        'multipart/form-data',
        'multipart/form-data; boundary=x',
        'text/plain',
        'application/x-www-form-urlencoded',
        'APPLICATION/JSON',
        'application/json;;;',
      ),
      headerText,
    ),
  );
  const body = fc.oneof(
    fc.constant({ kind: 'none' as const }),
    fc.record({ kind: fc.constant('bytes' as const), bytes: fc.uint8Array({ maxLength: 3000 }) }),
    fc.record({ kind: fc.constant('json' as const), text: fc.json({ maxDepth: 4 }) }),
    fc.record({
      kind: fc.constant('assemble' as const),
      value: fc.record(
        {
          fileId: fc.oneof(anyText(140), fc.integer(), fc.constant('f_known')),
          assemble: fc.oneof(fc.boolean(), fc.string({ maxLength: 5 }), fc.constant(null)),
          fileName: fc.oneof(anyText(300), fc.constant('../../etc/passwd')),
        },
        { requiredKeys: [] },
      ),
    }),
    fc.record({
      kind: fc.constant('patch' as const),
      value: fc.record(
        {
          title: fc.oneof(anyText(320), fc.integer(), fc.constant(null)),
          description: fc.oneof(anyText(100), fc.constant(null), fc.boolean()),
          tags: fc.oneof(fc.array(anyText(70), { maxLength: 55 }), fc.string()),
          shared: fc.oneof(fc.boolean(), fc.constant('true')),
        },
        { requiredKeys: [] },
      ),
    }),
    fc.record({
      kind: fc.constant('form' as const),
      fields: fc.array(
        fc.tuple(
          fc.constantFrom('fileId', 'chunkIndex', 'chunk', 'other', 'fileId'),
          fc.oneof(anyText(30), fc.constantFrom('f_known', '0', '1', '9999', '10000', '-1')),
        ),
        { maxLength: 5 },
      ),
      chunk: fc.option(fc.uint8Array({ minLength: 0, maxLength: 2000 })),
    }),
    fc.constant({ kind: 'dump' as const }),
  );
  const siteRequest = fc.record({
    method: fc.constantFrom('GET', 'GET', 'GET', 'POST', 'HEAD', 'OPTIONS'),
    path: sitePath,
  });
  return fc.record({
    target: fc.oneof({ weight: 3, arbitrary: apiRequest }, { weight: 1, arbitrary: siteRequest }),
    query,
    token,
    contentType,
    idempotencyKey: fc.option(headerText),
    contentEncoding: fc.option(fc.constantFrom('gzip', 'br', 'identity', 'x')),
    accept: fc.option(fc.constantFrom('application/json', 'text/event-stream', '*/*', 'text/html')),
    body,
  });
}

type FuzzRequest = ReturnType<typeof requestArb> extends fc.Arbitrary<infer T> ? T : never;

function toFetch(c: Ctx, r: FuzzRequest): { url: string; init: RequestInit } {
  const qs = r.query.map(([k, v]) => `${k}=${v}`).join('&');
  const { method, path } = r.target;
  const url = `${c.service.url}${path}${qs ? `?${qs}` : ''}`;
  const headers: Record<string, string> = {};
  if (r.token === 'garbage') headers.authorization = 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.AAAA';
  else if (r.token !== 'none')
    headers.authorization = `Bearer ${{ full: c.account.token, readOnly: c.readOnly, other: c.other.token }[r.token]}`;
  if (r.idempotencyKey !== null) headers['idempotency-key'] = r.idempotencyKey;
  if (r.contentEncoding !== null) headers['content-encoding'] = r.contentEncoding;
  if (r.accept !== null) headers.accept = r.accept;
  let body: RequestInit['body'] | undefined;
  if (method !== 'GET' && method !== 'HEAD')
    switch (r.body.kind) {
      case 'bytes':
        body = r.body.bytes;
        break;
      case 'json':
        body = r.body.text;
        break;
      case 'assemble':
      case 'patch':
        body = JSON.stringify(r.body.value);
        break;
      case 'form': {
        const form = new FormData();
        for (const [k, v] of r.body.fields) form.append(k, v);
        if (r.body.chunk) form.append('chunk', new Blob([r.body.chunk]), 'chunk.bin');
        body = form;
        break;
      }
      case 'dump':
        body = dump(SMALL);
        break;
    }
  if (r.contentType !== null && body !== undefined) headers['content-type'] = r.contentType;
  return { url, init: { method, headers, ...(body !== undefined ? { body } : {}) } };
}

/** One answer checked: in time, below 500, and a catalog error when it is a REST refusal. */
async function check(c: Ctx, r: FuzzRequest, stats: Map<number, number>): Promise<void> {
  const { url, init } = toFetch(c, r);
  const res = await within(
    ANSWER_WITHIN_MS,
    `${r.target.method} ${r.target.path}`,
    fetch(url, { ...init, signal: AbortSignal.timeout(ANSWER_WITHIN_MS + 1_000) }),
  );
  stats.set(res.status, (stats.get(res.status) ?? 0) + 1);
  if (process.env.FUZZ_DEBUG)
    (await import('node:fs')).appendFileSync(
      '/tmp/fuzzdbg.txt',
      `${res.status} ${r.target.method} ${url.slice(c.service.url.length, c.service.url.length + 120)} ${r.token}\n`,
    );
  const where = `${r.target.method} ${url.slice(c.service.url.length, c.service.url.length + 200)}`;
  if (res.status >= 500)
    throw new Error(`${where} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const isMcp = /\/mcp$/.test(new URL(url).pathname);
  if (r.target.method !== 'HEAD' && res.status >= 400 && API.test(new URL(url).pathname) && !isMcp)
    // Error shape, catalog code, status of that code (api-schemas.ts).
    await read(res).catch((error: Error) => {
      throw new Error(`${where}: ${error.message}`);
    });
  else await res.arrayBuffer();
}

describe.each([
  ['SQLite', false],
  ['PostgreSQL', true],
] as const)('fuzzing the HTTP API on %s', (_name, postgres) => {
  const c = {} as Ctx;
  let pg: TestStorage | undefined;
  beforeAll(async () => {
    if (postgres) {
      if (!TEST_DATABASE_URL) return;
      pg = await postgresStorage();
    }
    c.service = await startService(
      {
        CALLSCOPE_RATE_INGEST: '100000',
        CALLSCOPE_RATE_READS: '100000',
        CALLSCOPE_RATE_CHUNKS: '100000',
        CALLSCOPE_MAX_DECOMPRESSED_BYTES: String(64 * 2 ** 20),
      },
      pg?.databaseUrl ? { databaseUrl: pg.databaseUrl } : {},
    );
    c.account = await c.service.account({ credits: 100_000 });
    c.other = await c.service.account({ credits: 10 });
    c.readOnly = await c.account.token2('read_only');
    const store = async (a: TestAccount) =>
      (
        await expectOk<AnalyzeResponse>(
          a.fetch('/v1.0/analyze?save=true', raw(dump(AUDIO))),
          'AnalyzeResponse',
        )
      ).body.callscopeId!;
    c.sessionId = await store(c.account);
    c.otherSessionId = await store(c.other);
    const shared = await c.account.fetch(`/v1.0/sessions/${c.sessionId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shared: true }),
    });
    c.publicLink = ((await shared.json()) as { data: { public_link: string } }).data.public_link;
  }, 120_000);
  afterAll(async () => {
    await c.service?.close();
    await pg?.cleanup();
  });

  const skip = postgres && !TEST_DATABASE_URL;

  it.skipIf(skip)(
    `analyzes or refuses ${DUMP_RUNS} mutated dumps: 200 or a documented 4xx, never a 5xx or a hang`,
    async () => {
      const statuses = new Map<string, number>();
      await fc.assert(
        fc.asyncProperty(mutatedDumpArb, fc.boolean(), async (input, save) => {
          const res = await within(
            ANSWER_WITHIN_MS,
            'POST /v1.0/analyze',
            c.account.fetch(`/v1.0/analyze${save ? '?save=true' : ''}`, raw(mutatedBytes(input))),
          );
          const answer = await read<AnalyzeResponse>(res, 'AnalyzeResponse');
          const key =
            answer.status === 200
              ? '200'
              : `${answer.status} ${(answer.body as { errorCode?: string }).errorCode}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          expect(answer.status).toBeLessThan(500);
          if (answer.status !== 200) expect([400, 413, 415]).toContain(answer.status);
        }),
        { numRuns: DUMP_RUNS, seed: fuzzSeed(), endOnFailure: true },
      );
      recordFigure(
        `1 fuzz: POST /v1.0/analyze (${_name})`,
        'mutated dumps → answers',
        `${DUMP_RUNS} → ${[...statuses].map(([k, n]) => `${k}: ${n}`).join(', ')}`,
      );
    },
    // 20000 dumps took longer than 300 s on a loaded two-core machine.
    runsTimeout(DUMP_RUNS, 100, 300_000),
  );

  it.skipIf(skip)(
    `answers ${REQUEST_RUNS} random requests on every route with a documented status, never a 5xx or a hang`,
    async () => {
      const stats = new Map<number, number>();
      // Warm up (route serializers compile on first use), then measure memory from here.
      for (const path of ['/v1.0/sessions', `/v1.0/sessions/${c.sessionId}`, '/v1.0/observations'])
        await (await c.account.fetch(path)).arrayBuffer();
      const before = memoryNow();
      let middle = before;
      let run = 0;
      const started = performance.now();
      await fc.assert(
        fc.asyncProperty(requestArb(c), async (r) => {
          await check(c, r, stats);
          if (++run === Math.floor(REQUEST_RUNS / 2)) middle = memoryNow();
        }),
        { numRuns: REQUEST_RUNS, seed: fuzzSeed() + 1, endOnFailure: true },
      );
      const after = memoryNow();
      // The second half of the run does not grow the heap more than the noise of a test process.
      expect(after.heapMiB - middle.heapMiB).toBeLessThan(48);
      // The service still answers normally.
      await expectOk(c.account.fetch('/v1.0/quota'), 'QuotaResponse');
      const section = `1 fuzz: random requests (${_name})`;
      recordFigure(section, 'requests', REQUEST_RUNS);
      recordFigure(
        section,
        'statuses',
        [...stats]
          .sort((a, b) => a[0] - b[0])
          .map(([s, n]) => `${s}: ${n}`)
          .join(', '),
      );
      recordFigure(section, '5xx, hangs', 0);
      recordFigure(
        section,
        'heap MiB start / middle / end',
        `${before.heapMiB} / ${middle.heapMiB} / ${after.heapMiB}`,
      );
      recordFigure(section, 'RSS MiB start / end', `${before.rssMiB} / ${after.rssMiB}`);
      recordFigure(section, 'duration s', ((performance.now() - started) / 1000).toFixed(1));
    },
    runsTimeout(REQUEST_RUNS, 30, 300_000),
  );

  it.skipIf(skip)('left no 500 in the service metrics', async () => {
    const text = await c.service.ctx.metrics.registry.metrics();
    expect(text).not.toMatch(/status="5\d\d"[^\n]*\} [1-9]/);
  });
});
