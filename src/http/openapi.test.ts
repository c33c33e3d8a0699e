import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/support/api-schemas.js';
import { tempDir } from '../../test/support/databases.js';
import { startService, type TestService } from '../../test/support/service.js';
import { EXTENSION_SCHEMAS, SPECIFICATION_SCHEMAS } from '../model/api/published.js';
import { ChunkRequest } from '../model/api/resources.js';
import { TAGS } from '../model/observation-terms.js';
import { ERROR_CATALOG } from '../service/api-error.js';
import { FILE_ID } from '../service/chunks.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../service/idempotent.js';

const run = promisify(execFile);
const REDOCLY = join(process.cwd(), 'node_modules', '.bin', 'redocly');

type Json = Record<string, unknown>;
interface Response {
  $ref?: string;
  description: string;
  headers?: Record<string, Json>;
  content?: Record<string, { schema: Json }>;
}
interface Parameter {
  name: string;
  in: string;
  required: boolean;
  style?: string;
  explode?: boolean;
  schema: Json;
}
interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  security?: unknown[];
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, Response>;
}
type Doc = Json & {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Json>;
    responses: Record<string, Response>;
    headers: Record<string, Json>;
    securitySchemes: Json;
  };
};

/** The operations of the specification and reference.md: [method, path, operationId]. */
const OPERATIONS = [
  ['post', '/v1.0/upload', 'upload'],
  ['post', '/v1.0/analyze', 'analyze'],
  ['post', '/v1.0/enrich', 'enrich'],
  ['get', '/v1.0/quota', 'getQuota'],
  ['get', '/v1.0/observations', 'listObservations'],
  ['get', '/v1.0/observations/{type}', 'getObservationExplanation'],
  ['get', '/v1.0/sessions', 'listSessions'],
  ['get', '/v1.0/sessions/{callscopeId}', 'getSession'],
  ['delete', '/v1.0/sessions/{callscopeId}', 'deleteSession'],
  ['patch', '/v1.0/sessions/{callscopeId}', 'updateSession'],
  ['get', '/v1.0/sessions/{callscopeId}/dump', 'downloadSessionDump'],
  ['post', '/v1.0/sessions/{callscopeId}/dump-link', 'createSessionDumpLink'],
] as const;

/** The schema each operation answers with on success, by name. */
const SUCCESS: Record<string, string[]> = {
  upload: ['UploadResponse', 'ChunkResponse'],
  analyze: ['AnalyzeResponse', 'ChunkResponse'],
  enrich: ['EnrichResponse', 'ChunkResponse'],
  getQuota: ['QuotaResponse'],
  listObservations: ['ObservationCatalog'],
  getObservationExplanation: ['ObservationExplanation'],
  listSessions: ['SessionsListResponse'],
  getSession: ['SessionResponse'],
  deleteSession: ['SuccessResponse'],
  updateSession: ['SessionResponse'],
  createSessionDumpLink: ['DumpLinkResponse'],
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe('published description', () => {
  let service: TestService;
  let doc: Doc;
  /** A response, or the component it refers to. */
  const response = (r: Response): Response =>
    r.$ref ? doc.components.responses[r.$ref.slice('#/components/responses/'.length)]! : r;
  const op = (method: string, path: string) => doc.paths[path]![method]!;
  const param = (o: Operation, name: string) => o.parameters!.find((p) => p.name === name)!;

  beforeAll(async () => {
    service = await startService();
    const res = await fetch(`${service.url}/api/openapi`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    doc = (await res.json()) as Doc;
  });
  afterAll(async () => service?.close());

  describe('/api/openapi', () => {
    it('is a valid OpenAPI 3.0 document (@seriousme/openapi-schema-validator)', async () => {
      expect(doc.openapi).toMatch(/^3\.0\.\d$/);
      const result = await new Validator().validate(doc);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
    });

    it('passes redocly lint with the recommended-strict rules: no error and no warning', async () => {
      const dir = tempDir('callscope-openapi-');
      try {
        const file = join(dir, 'openapi.json');
        writeFileSync(file, JSON.stringify(doc, null, 2));
        const { stdout } = await run(
          REDOCLY,
          ['lint', '--extends=recommended-strict', '--format=json', file],
          {
            cwd: dir,
            env: {
              ...process.env,
              REDOCLY_TELEMETRY: 'off',
              REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
              NO_COLOR: '1',
            },
            timeout: 30_000,
          },
        ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
        const report = JSON.parse(stdout) as {
          totals: { errors: number; warnings: number };
          problems: { ruleId: string; message: string }[];
        };
        expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
        expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('describes every operation with the bearer token and the error codes of each status', () => {
      const found = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([method]) => method !== 'servers')
          .map(([method, o]) => `${method} ${path} ${o.operationId}`),
      );
      expect(new Set(found.map((f) => f.split(' ')[2])).size).toBe(found.length);
      expect(found).toEqual(expect.arrayContaining(OPERATIONS.map((o) => o.join(' '))));
      for (const path of Object.keys(doc.paths)) expect(path).toMatch(/^\/(v1\.0|api\/callscope\/v1\.0)\//);
      for (const [method, path] of OPERATIONS) {
        const o = op(method, path);
        expect(o.security, o.operationId).toEqual([{ bearerAuth: [] }]);
        expect(Object.keys(o.responses), o.operationId).toEqual(
          expect.arrayContaining(['200', '400', '401', '403', '408', '429', '431', '500', '503']),
        );
      }
      // Every error response names the errorCodes of its status (the catalog of reference.md), and
      // carries the Error shape; the MCP endpoint answers JSON-RPC errors instead (below).
      for (const methods of Object.values(doc.paths))
        for (const o of Object.values(methods).filter((x) => !/mcp/i.test(x.operationId ?? '')))
          for (const [status, r] of Object.entries(o.responses)) {
            if (Number(status) < 400) continue;
            const codes = Object.entries(ERROR_CATALOG)
              .filter(([, e]) => String(e.status) === status)
              .map(([code]) => code);
            expect(codes.length, `${o.operationId} ${status}`).toBeGreaterThan(0);
            for (const code of codes)
              expect(response(r).description, `${o.operationId} ${status}`).toContain(code);
            expect(response(r).content, `${o.operationId} ${status}`).toEqual({
              'application/json': { schema: ref('Error') },
            });
          }
      expect(doc.components.securitySchemes).toMatchObject({
        bearerAuth: { type: 'http', scheme: 'bearer' },
      });
    });

    it('names every published schema as a component, and answers with them by $ref', () => {
      expect(Object.keys(doc.components.schemas)).toEqual([
        ...Object.keys(SPECIFICATION_SCHEMAS),
        ...Object.keys(EXTENSION_SCHEMAS),
      ]);
      const text = JSON.stringify(doc);
      for (const name of Object.keys(doc.components.schemas))
        expect(text, name).toContain(`"$ref":"#/components/schemas/${name}"`);
      for (const [method, path, id] of OPERATIONS) {
        if (!SUCCESS[id]) continue;
        const schema = op(method, path).responses['200']!.content!['application/json']!.schema;
        const names = SUCCESS[id]!;
        expect(schema, id).toMatchObject(names.length === 1 ? ref(names[0]!) : { anyOf: names.map(ref) });
      }
      // Components refer to each other: the list's items, the payload's parts.
      expect(doc.components.schemas.SessionsListResponse).toMatchObject({
        properties: { data: { type: 'array', items: ref('SessionListItem') } },
      });
      expect(doc.components.schemas.SessionListItem).toMatchObject({
        properties: { abstract: { anyOf: [ref('SessionAbstract'), { nullable: true, enum: [null] }] } },
      });
      expect(doc.components.schemas.AnalyzeResponseData).toMatchObject({
        properties: {
          observations: { items: ref('Observation') },
          pConnections: { additionalProperties: ref('PeerConnectionSummary') },
          streams: { additionalProperties: ref('StreamSummary') },
        },
      });
      expect(doc.components.schemas.EnrichData).toMatchObject({
        properties: { observations: { items: ref('TrimmedObservation') }, scores: ref('Scores') },
      });
    });

    it('declares the request bodies: the dump (plain or gzip), a chunk, or the assemble step', () => {
      for (const path of ['/v1.0/analyze', '/v1.0/enrich', '/v1.0/upload']) {
        const body = op('post', path).requestBody!;
        expect(body.required).toBe(true);
        expect(Object.keys(body.content).sort()).toEqual([
          'application/gzip',
          'application/json',
          'application/octet-stream',
          'application/x-gzip',
          'multipart/form-data',
        ]);
        expect(body.content['application/octet-stream']!.schema).toMatchObject({
          type: 'string',
          format: 'binary',
        });
        expect(body.content['application/gzip']!.schema).toMatchObject({ type: 'string', format: 'binary' });
        expect(body.content['multipart/form-data']!.schema).toEqual(ref('ChunkRequest'));
      }
      expect(op('post', '/v1.0/analyze').requestBody!.content['application/json']!.schema).toEqual(
        ref('AssembleRequest'),
      );
      // upload's assemble step needs fileName (the specification's step 2).
      expect(op('post', '/v1.0/upload').requestBody!.content['application/json']!.schema).toEqual(
        ref('UploadAssembleRequest'),
      );
      expect(doc.components.schemas.UploadAssembleRequest!.required).toEqual([
        'fileId',
        'assemble',
        'fileName',
      ]);
      expect(doc.components.schemas.ChunkRequest).toMatchObject({
        required: ['chunk', 'fileId', 'chunkIndex'],
        properties: { chunk: { type: 'string', format: 'binary' } },
      });
      // The patterns the document states are the ones the service checks.
      expect((ChunkRequest.properties.fileId as { pattern?: string }).pattern).toBe(FILE_ID.source);
      expect(op('patch', '/v1.0/sessions/{callscopeId}').requestBody!.content).toEqual({
        'application/json': { schema: ref('SessionPatchRequest') },
      });
    });

    it('types the parameters as the service checks them', () => {
      const list = op('get', '/v1.0/sessions');
      expect(param(list, 'limit').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000 });
      expect(param(list, 'page').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 1_000_000 });
      expect(param(list, 'observationTags')).toMatchObject({
        style: 'form',
        explode: false,
        schema: { type: 'array', maxItems: 20, items: { type: 'string', enum: [...TAGS] } },
      });
      expect(TAGS).toHaveLength(13);
      for (const flag of [
        'hasCritical',
        'hasHigh',
        'hasMedium',
        'hasLowScore',
        'hasMediumScore',
        'hasHighScore',
      ])
        expect(param(list, flag).schema).toEqual({ type: 'boolean' });
      for (const text of ['os', 'browser', 'browserVersion', 'userId', 'conferenceId', 'sessionId'])
        expect(param(list, text).schema).toEqual({ type: 'string', minLength: 1, maxLength: 200 });
      for (const name of ['name', 'fileName', 'observationFlags'])
        expect(param(list, name).schema).toMatchObject({
          type: 'array',
          minItems: 1,
          maxItems: 20,
          items: { type: 'string', minLength: 1, maxLength: 200 },
        });
      for (const [method, path] of OPERATIONS.filter(([, p]) => p.includes('{callscopeId}')))
        expect(param(op(method, path), 'callscopeId')).toMatchObject({
          in: 'path',
          required: true,
          schema: { type: 'string', format: 'uuid' },
        });
      expect(param(op('post', '/v1.0/analyze'), 'save').schema).toMatchObject({
        type: 'string',
        enum: ['true', 'false', '1', '0'],
      });
      for (const path of ['/v1.0/analyze', '/v1.0/enrich', '/v1.0/upload'])
        expect(param(op('post', path), 'Idempotency-Key')).toMatchObject({
          in: 'header',
          required: false,
          schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN },
        });
    });

    it('declares the headers of the answers: request id, rate limits, Retry-After', () => {
      for (const [method, path, id] of OPERATIONS) {
        const o = op(method, path);
        expect(Object.keys(o.responses['200']!.headers ?? {}), id).toEqual(
          expect.arrayContaining([
            'X-Request-Id',
            'X-RateLimit-Limit',
            'X-RateLimit-Remaining',
            'X-RateLimit-Reset',
          ]),
        );
        expect(Object.keys(response(o.responses['429']!).headers!), id).toEqual(
          expect.arrayContaining(['Retry-After', 'X-RateLimit-Limit', 'X-Request-Id']),
        );
        expect(Object.keys(response(o.responses['503']!).headers!), id).toContain('Retry-After');
        expect(Object.keys(response(o.responses['401']!).headers!), id).toContain('WWW-Authenticate');
      }
      // Answered by Node's HTTP parser before any route: no request id.
      expect(response(op('get', '/v1.0/quota').responses['408']!).headers).toBeUndefined();
    });

    it('declares the dump download as a file, and its errors as JSON', () => {
      const dump = op('get', '/v1.0/sessions/{callscopeId}/dump');
      expect(dump.responses['200']!.content).toEqual({
        'application/octet-stream': { schema: expect.objectContaining({ type: 'string', format: 'binary' }) },
      });
      expect(Object.keys(dump.responses['200']!.headers!)).toContain('Content-Disposition');
      for (const status of ['400', '401', '404', '429', '500'])
        expect(Object.keys(response(dump.responses[status]!).content!)).toEqual(['application/json']);
    });

    it('lists the site alias operations: all but enrich and observations', () => {
      const alias = Object.keys(doc.paths).filter((p) => p.startsWith('/api/callscope/v1.0/'));
      const v1 = Object.keys(doc.paths).filter((p) => p.startsWith('/v1.0/'));
      expect(alias.sort()).toEqual(
        v1
          .filter((p) => !/^\/v1\.0\/(enrich|observations)/.test(p))
          .map((p) => p.replace('/v1.0/', '/api/callscope/v1.0/'))
          .sort(),
      );
      const sessions = op('get', '/api/callscope/v1.0/sessions');
      expect(sessions.operationId).toBe('siteListSessions');
      expect(sessions.tags).toEqual(['Site alias']);
      expect(sessions.parameters).toEqual(op('get', '/v1.0/sessions').parameters);
      expect(sessions.responses).toEqual(op('get', '/v1.0/sessions').responses);
    });

    it('describes the MCP endpoint: its tools, POST 200 and 202, DELETE 204, GET 405, 406, transport errors', () => {
      for (const prefix of ['/v1.0', '/api/callscope/v1.0']) {
        const item = doc.paths[`${prefix}/mcp`]!;
        const post = item.post!;
        expect(post.operationId).toBe(prefix === '/v1.0' ? 'mcp' : 'siteMcp');
        const tools = doc.paths['/v1.0/mcp']!.post!.description;
        for (const tool of ['get_quota', 'list_sessions', 'get_session', 'get_observation_explanation'])
          expect(tools).toContain(`\`${tool}\``);
        expect(post.requestBody!.content['application/json']!.schema).toEqual(ref('McpRequest'));
        expect(Object.keys(post.responses['200']!.content!)).toEqual([
          'application/json',
          'text/event-stream',
        ]);
        expect(post.responses['200']!.content!['application/json']!.schema).toEqual(ref('McpResponse'));
        expect(Object.keys(post.responses)).toEqual(
          expect.arrayContaining([
            '200',
            '202',
            '400',
            '403',
            '404',
            '406',
            '413',
            '415',
            '429',
            '500',
            '503',
          ]),
        );
        for (const status of ['400', '404', '406'])
          expect(post.responses[status]!.content!['application/json']!.schema).toEqual(
            ref('McpTransportError'),
          );
        expect(Object.keys(item.delete!.responses)).toEqual(expect.arrayContaining(['204', '400', '404']));
        expect(Object.keys(item.get!.responses)).toContain('405');
        expect(item.get!.responses['405']!.headers).toHaveProperty('Allow');
      }
      expect(doc.components.schemas.McpTransportError).toMatchObject({
        required: ['jsonrpc', 'error', 'id'],
        properties: { id: { enum: [null] } },
      });
    });

    it('is also served as /api/openapi.json, without a token', async () => {
      const res = await fetch(`${service.url}/api/openapi.json`);
      expect(await res.json()).toEqual(doc);
    });
  });

  describe('/api-docs.md', () => {
    it('renders every operation and every errorCode in Markdown', async () => {
      const res = await fetch(`${service.url}/api-docs.md`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
      const text = await res.text();
      expect(text).toMatch(/^# callscope API 1\.0/);
      for (const [path, methods] of Object.entries(doc.paths))
        for (const method of Object.keys(methods))
          expect(text).toContain(`### ${method.toUpperCase()} ${path}\n`);
      for (const [method, path] of OPERATIONS)
        expect(text).toContain(`### ${method.toUpperCase()} ${path}\n`);
      for (const code of Object.keys(ERROR_CATALOG)) expect(text).toContain(`| \`${code}\` |`);
      for (const header of ['X-Request-Id', 'X-RateLimit-Limit', 'Retry-After'])
        expect(text).toContain(`| \`${header}\` |`);
      // The query parameters of the list are documented, with their types.
      for (const p of ['observationTags', 'observationFlags', 'hasLowScore', 'limit', 'page'])
        expect(text).toContain(`| \`${p}\` | query |`);
      expect(text).toContain('| `limit` | query | integer | no |');
      expect(text).toContain('| `hasLowScore` | query | boolean | no |');
    });

    it('lists the fields of each success answer, and no placeholder description', async () => {
      const text = await (await fetch(`${service.url}/api-docs.md`)).text();
      expect(text).not.toContain('Default Response');
      const list = text.slice(
        text.indexOf('### GET /v1.0/sessions\n'),
        text.indexOf('### GET /v1.0/sessions/{'),
      );
      expect(list).toContain('Response 200 (SessionsListResponse):');
      expect(list).toContain(
        '| `totalCount` | integer | yes | Sessions matching the filters, on every page. |',
      );
      expect(list).toContain('| `data` | array of SessionListItem | yes |');
      const analyze = text.slice(
        text.indexOf('### POST /v1.0/analyze\n'),
        text.indexOf('### GET /v1.0/quota'),
      );
      expect(analyze).toContain('Response 200, form 1 of 2 (AnalyzeResponse):');
      expect(analyze).toContain('| `processorVersion` | string | yes |');
    });
  });

  describe('/api/schemas', () => {
    type Entry = { name: string; $id: string; url: string };
    let index: { apiVersion: string; schemas: Entry[]; extensions: Entry[] };
    beforeAll(async () => {
      index = (await (await fetch(`${service.url}/api/schemas`)).json()) as typeof index;
    });

    it("indexes the specification's 14 schemas of apiVersion 1.0, and callscope's own apart", () => {
      expect(index.apiVersion).toBe('1.0');
      expect(index.schemas.map((s) => s.name)).toEqual([
        'Error',
        'AnalyzeResponseData',
        'Observation',
        'TrimmedObservation',
        'ObservationsCount',
        'Scores',
        'EnrichData',
        'EnrichResponse',
        'ObservationExplanation',
        'QuotaResponse',
        'SessionListItem',
        'SessionAbstract',
        'SessionsListResponse',
        'McpTransportError',
      ]);
      expect(index.extensions.map((s) => s.name)).toEqual(Object.keys(EXTENSION_SCHEMAS));
      const names = [...index.schemas, ...index.extensions].map((s) => s.name);
      expect(new Set(names).size).toBe(names.length);
      for (const s of [...index.schemas, ...index.extensions]) {
        expect(s.url).toBe(`${service.url}/api/schemas/${s.name}.json`);
        expect(s.$id).toBe(s.url);
      }
    });

    it('serves every schema as a JSON Schema 2020-12 document that compiles with Ajv 2020 (strict)', async () => {
      const ajv = new Ajv2020({ strict: true, code: { optimize: false } });
      addFormats.default(ajv);
      for (const entry of [...index.schemas, ...index.extensions]) {
        const res = await fetch(entry.url);
        expect(res.status, entry.name).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^application\/schema\+json/);
        const schema = (await res.json()) as Json;
        expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
        expect(schema.$id).toBe(entry.$id);
        expect(schema.title).toBe(entry.name);
        expect(() => ajv.compile(schema), entry.name).not.toThrow();
      }
      // They describe what the API answers: an error body validates against Error.
      const error = ajv.getSchema(`${service.url}/api/schemas/Error.json`)!;
      expect(error({ error: 'x', errorCode: 'not_found' })).toBe(true);
      expect(error({ error: 'x' })).toBe(false);
    });

    it('answers 404 not_found for an unknown schema, an inherited name included', async () => {
      await expectError(fetch(`${service.url}/api/schemas/NoSuchSchema.json`), 404, 'not_found');
      await expectError(fetch(`${service.url}/api/schemas/constructor.json`), 404, 'not_found');
    });
  });
});
