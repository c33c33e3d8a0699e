/**
 * The served OpenAPI document, held to what the service does: requests generated from the
 * document (fast-check, seeded), sent to a running service, and every answer checked against the
 * document (Ajv). Requests the document accepts must not be refused (2xx, or 404 for an id that
 * names nothing); requests it refuses must get a 4xx in the error shape; no answer may fall outside
 * the statuses, media types, schemas and headers declared, and none may be a 5xx.
 *
 * Values come from the schemas, with four exceptions a schema cannot say: a dump body is a real
 * dump (plain or gzip; random bytes are 415, "not a dump"); the assemble step names a fileId whose
 * chunks were sent first; Idempotency-Keys and fileIds are unique per request; the ranges of GET
 * /insights and GET /sessions start before they end, and the compare arguments of GET /insights go
 * with their kind (insightsRules). CALLSCOPE_CONTRACT_RUNS raises the number of requests,
 * CALLSCOPE_FUZZ_SEED changes the seed.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/fixtures.js';
import {
  type Json,
  type OpenApiDocument,
  type Operation,
  ResponseChecker,
  Schemas,
  serialized,
} from '../../test/support/openapi-contract.js';
import { fuzzSeed, runsTimeout, scaled } from '../../test/support/reliability.js';
import {
  NO_WINDOW_BOUNDARY_MS,
  startService,
  type TestAccount,
  type TestService,
} from '../../test/support/service.js';

const RUNS = scaled('CALLSCOPE_CONTRACT_RUNS', 320);

/** Small dumps: a raw body is one of these. */
const DUMPS = {
  plain: ['rtcstats/rtcstats-gumonly.jsonl', 'chromium156/ice-fail/chromium_rtcstats_dump.callee.gz'],
  gzip: ['rtcstats/internals-gumonly.gz', 'chromium156/datachannel-only/chromium_rtcstats_dump.gz'],
};
const bytes = (path: string) => readFileSync(fixture(...path.split('/')));

interface Planned {
  label: string;
  valid: boolean;
  method: string;
  operation: Operation;
  path: string;
  query: [string, string][];
  headers: Record<string, string>;
  /** The body: JSON text, bytes, or the fields of a multipart chunk. */
  body?:
    | { type: 'json'; value: unknown }
    | { type: 'bytes'; mediaType: string; value: Uint8Array }
    | { type: 'chunk'; fields: Record<string, string>; chunk?: Uint8Array };
}

describe('the OpenAPI document as a contract', () => {
  let service: TestService;
  let account: TestAccount;
  let doc: OpenApiDocument;
  let schemas: Schemas;
  let checker: ResponseChecker;
  const stored: string[] = [];
  let observationTypes: string[] = [];

  beforeAll(async () => {
    service = await startService({
      CALLSCOPE_RATE_WINDOW_MS: NO_WINDOW_BOUNDARY_MS,
      CALLSCOPE_RATE_READS: '1000000',
      CALLSCOPE_RATE_INGEST: '1000000',
      CALLSCOPE_RATE_CHUNKS: '1000000',
    });
    account = await service.account({ credits: 1_000_000 });
    doc = (await (await fetch(`${service.url}/api/openapi`)).json()) as OpenApiDocument;
    schemas = new Schemas(doc);
    checker = new ResponseChecker(doc, schemas);
    for (const path of DUMPS.plain) {
      const res = await account.fetch('/v1.0/analyze?save=true', {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: bytes(path),
      });
      stored.push(((await res.json()) as { callscopeId: string }).callscopeId);
    }
    const catalog = (await (await account.fetch('/v1.0/observations')).json()) as {
      data: { type: string }[];
    };
    observationTypes = catalog.data.slice(0, 10).map((o) => o.type);
  }, 60_000);
  afterAll(async () => service?.close());

  /** The REST operations of the document (MCP is checked on its own, below). */
  function operations(): { method: string; path: string; operation: Operation }[] {
    return Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'post', 'patch', 'delete'].includes(method))
        .filter(([, op]) => !/mcp/i.test(op.operationId))
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
  }

  /** A request the document accepts, for one operation. */
  function validRequest(method: string, path: string, operation: Operation): fc.Arbitrary<Planned> {
    const params = operation.parameters ?? [];
    const value = (p: (typeof params)[number]): fc.Arbitrary<unknown> => {
      // Ids of stored sessions (never deleted), or any UUID (404).
      if (p.name === 'callscopeId')
        return method === 'DELETE'
          ? schemas.valid(p.schema)
          : fc.oneof(fc.constantFrom(...stored), schemas.valid(p.schema));
      if (p.name === 'type') return fc.oneof(fc.constantFrom(...observationTypes), schemas.valid(p.schema));
      return schemas.valid(p.schema, p.explode === false);
    };
    const paramsArb = fc.tuple(
      ...params.map((p) => (p.required ? value(p) : fc.option(value(p), { nil: undefined }))),
    );
    const content = operation.requestBody?.content ?? {};
    const bodyArb: fc.Arbitrary<Planned['body']> = (() => {
      const types = Object.keys(content);
      if (types.length === 0) return fc.constant(undefined);
      return fc.constantFrom(...types).chain((type): fc.Arbitrary<Planned['body']> => {
        const schema = content[type]!.schema;
        if (type === 'application/octet-stream')
          return fc
            .constantFrom(...DUMPS.plain)
            .map((d) => ({ type: 'bytes', mediaType: type, value: bytes(d) }));
        if (type.endsWith('gzip'))
          return fc
            .constantFrom(...DUMPS.gzip)
            .map((d) => ({ type: 'bytes', mediaType: type, value: bytes(d) }));
        if (type === 'multipart/form-data')
          return fc
            .tuple(
              schemas.valid(schema) as fc.Arbitrary<Json>,
              fc.uint8Array({ minLength: 1, maxLength: 64 }),
            )
            .map(([fields, chunk]) => ({
              type: 'chunk',
              fields: { fileId: String(fields.fileId), chunkIndex: String(fields.chunkIndex) },
              chunk,
            }));
        return schemas.valid(schema).map((v) => ({ type: 'json', value: v }));
      });
    })();
    return fc
      .tuple(paramsArb, bodyArb)
      .map(([values, body]) => plan(method, path, operation, values, body, true))
      .map((planned) =>
        /insights|listSessions/i.test(operation.operationId) ? insightsRules(planned) : planned,
      )
      .map((planned) => (/createWebhook/i.test(operation.operationId) ? webhookRules(planned) : planned));
  }

  /**
   * What POST /webhooks asks beyond its schema: a URL whose host is a public address (a literal
   * one: no name to resolve) and events without repeats.
   */
  function webhookRules(planned: Planned): Planned {
    if (planned.body?.type !== 'json') return planned;
    const value: Json = { ...(planned.body.value as Json), url: 'https://93.184.215.14/callscope' };
    if (Array.isArray(value.events)) value.events = [...new Set(value.events)];
    return { ...planned, body: { ...planned.body, value } };
  }

  /**
   * What GET /insights (and GET /sessions, for from/to) asks across parameters, which a schema
   * cannot say: a range starts before it ends, and compare takes either a baseline period or two versions, as its kind says.
   */
  function insightsRules(planned: Planned): Planned {
    let query = [...planned.query];
    const get = (name: string) => query.find(([k]) => k === name)?.[1];
    const drop = (...names: string[]) => {
      query = query.filter(([k]) => !names.includes(k));
    };
    const time = (v: string) => Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v);
    for (const [start, end] of [
      ['from', 'to'],
      ['createdFrom', 'createdTo'],
      ['baselineFrom', 'baselineTo'],
    ] as const) {
      const a = get(start);
      const b = get(end);
      if (a !== undefined && b !== undefined && !(time(a) < time(b))) drop(end);
    }
    const compare = get('compare');
    if (compare === 'period') {
      drop('baseline', 'current');
      if (get('from') === undefined || get('to') === undefined) drop('compare', 'baselineFrom', 'baselineTo');
      // One end of the baseline alone is completed from from/to, and may then end before it starts.
      if (get('baselineFrom') === undefined || get('baselineTo') === undefined)
        drop('baselineFrom', 'baselineTo');
    } else if (compare !== undefined) {
      // A version compare sets that version filter itself, and needs both versions.
      drop('baselineFrom', 'baselineTo', compare);
      if (get('baseline') === undefined || get('current') === undefined)
        drop('compare', 'baseline', 'current');
    } else drop('baseline', 'current', 'baselineFrom', 'baselineTo');
    return { ...planned, query };
  }

  function plan(
    method: string,
    template: string,
    operation: Operation,
    values: unknown[],
    body: Planned['body'],
    valid: boolean,
  ): Planned {
    const params = operation.parameters ?? [];
    let path = template;
    const query: [string, string][] = [];
    const headers: Record<string, string> = {};
    params.forEach((p, i) => {
      const v = values[i];
      if (v === undefined) return;
      if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(serialized(v)));
      else if (p.in === 'query') query.push([p.name, serialized(v)]);
      else headers[p.name] = serialized(v);
    });
    return { label: `${method} ${template}`, valid, method, operation, path, query, headers, body };
  }

  /** A request the document refuses: a valid one with one value broken. */
  function invalidRequest(
    method: string,
    path: string,
    operation: Operation,
  ): fc.Arbitrary<Planned> | undefined {
    const params = operation.parameters ?? [];
    const content = operation.requestBody?.content ?? {};
    const mutations: fc.Arbitrary<(p: Planned) => Planned>[] = [];
    params.forEach((p, i) => {
      let bad = schemas.invalid(p.schema, p.explode === false);
      if (!bad) return;
      // Path values that URL parsing would turn into another path, and header values fetch
      // would trim or refuse, cannot be sent as such.
      if (p.in === 'path') bad = bad.filter((v) => !['.', '..', ''].includes(serialized(v)));
      if (p.in === 'header')
        bad = bad.filter((v) => /^([\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?)?$/.test(serialized(v)));
      mutations.push(
        bad.map((v) => (planned: Planned) => {
          const values = params.map(() => undefined as unknown);
          values[i] = v;
          const broken = plan(method, path, operation, values, planned.body, false);
          // The other values as in the valid request.
          const keep = <T extends [string, string]>(list: T[], name: string) =>
            list.filter(([k]) => k !== name);
          return {
            ...broken,
            path: p.in === 'path' ? broken.path : planned.path,
            query: [...keep(planned.query, p.name), ...broken.query.filter(([k]) => k === p.name)],
            headers: { ...planned.headers, ...broken.headers },
            label: `${method} ${path}: ${p.in} ${p.name}`,
          };
        }),
      );
    });
    const json = content['application/json'];
    if (json) {
      const bad = schemas.invalid(json.schema);
      if (bad)
        mutations.push(
          bad.map((v) => (planned: Planned) => ({
            ...planned,
            valid: false,
            body: { type: 'json', value: v },
            label: `${method} ${path}: JSON body`,
          })),
        );
    }
    const chunk = content['multipart/form-data'];
    if (chunk) {
      const s = schemas.resolve(chunk.schema);
      const props = s.properties as Record<string, Json>;
      for (const field of ['fileId', 'chunkIndex']) {
        const bad = schemas.invalid(props[field]!);
        if (bad)
          mutations.push(
            bad.map((v) => (planned: Planned) => ({
              ...planned,
              valid: false,
              body: {
                type: 'chunk',
                fields: { fileId: 'f', chunkIndex: '0', [field]: String(v) },
                chunk: new Uint8Array([1]),
              },
              label: `${method} ${path}: chunk ${field}`,
            })),
          );
      }
      mutations.push(
        fc.constant((planned: Planned) => ({
          ...planned,
          valid: false,
          body: { type: 'chunk', fields: { fileId: 'f', chunkIndex: '0' } },
          label: `${method} ${path}: chunk without its file`,
        })),
      );
    }
    if (content['application/octet-stream'])
      mutations.push(
        fc.constantFrom('text/plain', 'image/png', '').map((mediaType) => (planned: Planned) => ({
          ...planned,
          valid: false,
          body: { type: 'bytes', mediaType, value: bytes(DUMPS.plain[0]!) },
          label: `${method} ${path}: undeclared media type ${mediaType || '(none)'}`,
        })),
        fc.constant((planned: Planned) => ({
          ...planned,
          valid: false,
          body: { type: 'bytes', mediaType: 'application/octet-stream', value: new Uint8Array() },
          label: `${method} ${path}: empty dump`,
        })),
      );
    if (operation.requestBody?.required && Object.keys(content).length === 1 && json)
      mutations.push(
        fc.constant((planned: Planned) => ({
          ...planned,
          valid: false,
          body: undefined,
          label: `${method} ${path}: no body`,
        })),
      );
    if (mutations.length === 0) return undefined;
    return fc
      .tuple(validRequest(method, path, operation), fc.oneof(...mutations))
      .map(([planned, mutate]) => mutate(planned));
  }

  let sequence = 0;
  async function send(planned: Planned): Promise<{ status: number; headers: Headers; text: string }> {
    const n = ++sequence;
    const headers: Record<string, string> = { ...planned.headers };
    // Keys and fileIds are the client's to make unique: a reused key answers the first request.
    if (planned.valid && headers['Idempotency-Key'])
      headers['Idempotency-Key'] = `${headers['Idempotency-Key'].slice(0, 240)}-${n}`;
    let body: RequestInit['body'];
    const b = planned.body;
    if (b?.type === 'json') {
      let value = b.value;
      if (planned.valid && value && typeof value === 'object' && 'fileId' in value) {
        // The assemble step of chunks sent just before (a fileId of its own).
        const fileId = `${String((value as Json).fileId).slice(0, 100)}_${n}`;
        value = { ...(value as Json), fileId };
        const dump = bytes(DUMPS.plain[0]!);
        for (const [index, part] of [dump.subarray(0, 400), dump.subarray(400)].entries()) {
          const form = new FormData();
          form.set('fileId', fileId);
          form.set('chunkIndex', String(index));
          form.set('chunk', new Blob([part]), 'chunk.bin');
          const res = await account.fetch(planned.path, { method: 'POST', body: form });
          expect(res.status, `chunk of ${planned.label}`).toBe(200);
          await res.arrayBuffer();
        }
      }
      headers['content-type'] = 'application/json';
      body = JSON.stringify(value);
    } else if (b?.type === 'bytes') {
      if (b.mediaType) headers['content-type'] = b.mediaType;
      body = b.value;
    } else if (b?.type === 'chunk') {
      const form = new FormData();
      const fields = { ...b.fields };
      if (planned.valid) fields.fileId = `${fields.fileId!.slice(0, 100)}_${n}`;
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      if (b.chunk) form.set('chunk', new Blob([b.chunk]), 'chunk.bin');
      body = form;
    }
    const search = planned.query.length
      ? `?${planned.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`
      : '';
    const res = await account.fetch(`${planned.path}${search}`, {
      method: planned.method,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }

  it(
    `answers ${RUNS} generated requests as the document says: valid ones served, invalid ones refused in the error shape`,
    async () => {
      const ops = operations();
      expect(ops.length).toBeGreaterThanOrEqual(15);
      const valid = ops.map((o) => validRequest(o.method, o.path, o.operation));
      const invalid = ops
        .map((o) => invalidRequest(o.method, o.path, o.operation))
        .filter((a): a is fc.Arbitrary<Planned> => a !== undefined);
      const requests = fc.sample(
        fc.oneof(
          { weight: 3, arbitrary: fc.oneof(...valid) },
          { weight: 2, arbitrary: fc.oneof(...invalid) },
        ),
        { numRuns: RUNS, seed: fuzzSeed() },
      );
      const failures: string[] = [];
      const counts = {
        valid: 0,
        invalid: 0,
        refusedValid: 0,
        acceptedInvalid: 0,
        outside: 0,
        serverErrors: 0,
      };
      const statuses = new Map<string, number>();
      for (const planned of requests) {
        const answer = await send(planned);
        counts[planned.valid ? 'valid' : 'invalid']++;
        const key = `${planned.valid ? 'valid' : 'invalid'} ${answer.status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        const where = `${planned.label} ${planned.path}?${planned.query.map((q) => q.join('=')).join('&')}`;
        const problems = checker.check(planned.operation, answer.status, answer.headers, answer.text);
        if (problems.length) {
          counts.outside++;
          failures.push(`${where}: ${problems.join('; ')}`);
        }
        if (answer.status >= 500) {
          counts.serverErrors++;
          failures.push(`${where}: ${answer.status} ${answer.text.slice(0, 200)}`);
        }
        const hasId = ['/sessions/', '/observations/', '/webhooks/'].some((p) => planned.path.includes(p));
        // Webhooks created are deleted again: an account has at most 20.
        if (/createWebhook/i.test(planned.operation.operationId) && answer.status === 200) {
          const { id } = JSON.parse(answer.text) as { id: string };
          expect((await account.fetch(`/v1.0/webhooks/${id}`, { method: 'DELETE' })).status).toBe(200);
        }
        if (planned.valid && !(answer.status < 300 || (answer.status === 404 && hasId))) {
          counts.refusedValid++;
          failures.push(
            `valid ${where} ${JSON.stringify(planned.body)?.slice(0, 120)}: ${answer.status} ${answer.text.slice(0, 200)}`,
          );
        }
        if (!planned.valid && !(answer.status >= 400 && answer.status < 500)) {
          counts.acceptedInvalid++;
          failures.push(`invalid ${where} ${JSON.stringify(planned.body)?.slice(0, 120)}: ${answer.status}`);
        }
      }
      expect(failures.slice(0, 20)).toEqual([]);
      expect(counts).toMatchObject({ refusedValid: 0, acceptedInvalid: 0, outside: 0, serverErrors: 0 });
      // Both kinds were sent, and the valid ones reached the service's work (not only refusals).
      expect(counts.valid).toBeGreaterThan(RUNS / 3);
      expect(counts.invalid).toBeGreaterThan(RUNS / 5);
      expect(statuses.get('valid 200') ?? 0).toBeGreaterThan(RUNS / 5);
    },
    runsTimeout(RUNS, 150, 60_000),
  );

  it('answers the MCP endpoint as declared: 200 (JSON-RPC in an event stream), 202, 204, 400, 404, 405, 406, 415', async () => {
    const item = doc.paths['/v1.0/mcp']!;
    const url = `${service.url}/v1.0/mcp`;
    const accept = 'application/json, text/event-stream';
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'contract', version: '1' },
      },
    };
    const validateMessages = (text: string) => {
      const messages = text
        .split(/\r?\n/)
        .filter((l) => l.startsWith('data:'))
        .map((l) => JSON.parse(l.slice(5)) as unknown);
      expect(messages.length).toBeGreaterThan(0);
      const ajvCheck = checker.check(
        {
          operationId: 'x',
          responses: {
            200: {
              description: '',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/McpResponse' } } },
            },
          },
        },
        200,
        new Headers({ 'content-type': 'application/json', 'x-request-id': 'x' }),
        JSON.stringify(messages[0]),
      );
      expect(ajvCheck).toEqual([]);
    };
    const call = async (
      method: 'post' | 'get' | 'delete',
      headers: Record<string, string>,
      body?: string,
    ): Promise<{ status: number; headers: Headers; text: string }> => {
      const res = await fetch(url, { method: method.toUpperCase(), headers, ...(body ? { body } : {}) });
      const answer = { status: res.status, headers: res.headers, text: await res.text() };
      expect(
        checker.check(item[method]!, answer.status, answer.headers, answer.text),
        `${method} ${answer.status}`,
      ).toEqual([]);
      return answer;
    };
    const json = { 'content-type': 'application/json', accept };
    const opened = await call('post', json, JSON.stringify(init));
    expect(opened.status).toBe(200);
    validateMessages(opened.text);
    const session = opened.headers.get('mcp-session-id')!;
    const withSession = { ...json, 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    expect(
      (
        await call(
          'post',
          withSession,
          JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
        )
      ).status,
    ).toBe(202);
    const listed = await call(
      'post',
      withSession,
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    );
    expect(listed.status).toBe(200);
    validateMessages(listed.text);
    expect((await call('get', { accept: 'text/event-stream' })).status).toBe(405);
    expect(
      (
        await call(
          'post',
          { 'content-type': 'application/json', accept: 'application/json' },
          JSON.stringify(init),
        )
      ).status,
    ).toBe(406);
    expect((await call('post', json, '{not json')).status).toBe(400);
    expect((await call('post', { 'content-type': 'text/plain', accept }, JSON.stringify(init))).status).toBe(
      415,
    );
    expect((await call('delete', { 'mcp-session-id': session })).status).toBe(204);
    expect((await call('delete', { 'mcp-session-id': session })).status).toBe(404);
    expect((await call('delete', {})).status).toBe(400);
  });
});
