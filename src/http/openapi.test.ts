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
import { ERROR_CATALOG } from '../service/api-error.js';

const run = promisify(execFile);
const REDOCLY = join(process.cwd(), 'node_modules', '.bin', 'redocly');

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  description?: string;
  security?: unknown[];
  responses: Record<string, { description: string; content?: Record<string, { schema: Json }> }>;
}

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
] as const;

describe('published description', () => {
  let service: TestService;
  let doc: Json & { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    service = await startService();
    const res = await fetch(`${service.url}/api/openapi`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    doc = (await res.json()) as typeof doc;
  });
  afterAll(async () => service?.close());

  describe('/api/openapi', () => {
    it('is a valid OpenAPI 3.0 document (@seriousme/openapi-schema-validator)', async () => {
      expect(doc.openapi).toMatch(/^3\.0\.\d$/);
      const result = await new Validator().validate(doc);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
    });

    it('passes redocly lint with no error and no warning', async () => {
      const dir = tempDir('callscope-openapi-');
      try {
        const file = join(dir, 'openapi.json');
        writeFileSync(file, JSON.stringify(doc, null, 2));
        const { stdout } = await run(REDOCLY, ['lint', '--format=json', file], {
          cwd: dir,
          env: {
            ...process.env,
            REDOCLY_TELEMETRY: 'off',
            REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
            NO_COLOR: '1',
          },
          timeout: 30_000,
        }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
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

    it('describes every operation under /v1.0 only, with the bearer token and its error codes', () => {
      const found = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => `${method} ${path} ${op.operationId}`),
      );
      expect(new Set(found).size).toBe(found.length);
      expect(found).toEqual(expect.arrayContaining(OPERATIONS.map((o) => o.join(' '))));
      for (const path of Object.keys(doc.paths)) expect(path).toMatch(/^\/v1\.0\//);
      for (const [method, path] of OPERATIONS) {
        const op = doc.paths[path]![method]!;
        expect(op.security, op.operationId).toEqual([{ bearerAuth: [] }]);
        expect(Object.keys(op.responses), op.operationId).toEqual(
          expect.arrayContaining(['200', '401', '500']),
        );
      }
      // Every error response names the errorCodes of its status (the catalog of reference.md); the
      // MCP endpoint answers JSON-RPC errors instead (next test).
      for (const methods of Object.values(doc.paths))
        for (const op of Object.values(methods).filter((o) => o.operationId !== 'mcp'))
          for (const [status, response] of Object.entries(op.responses)) {
            const codes = Object.entries(ERROR_CATALOG)
              .filter(([, e]) => String(e.status) === status)
              .map(([code]) => code);
            for (const code of codes)
              expect(response.description, `${op.operationId} ${status}`).toContain(code);
          }
      expect(doc.components).toMatchObject({
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      });
    });

    it('describes the MCP endpoint with its tools and the transport error shape', () => {
      const op = doc.paths['/v1.0/mcp']!.post!;
      expect(op.operationId).toBe('mcp');
      for (const tool of ['get_quota', 'list_sessions', 'get_session', 'get_observation_explanation'])
        expect(op.description).toContain(`\`${tool}\``);
      expect(Object.keys(op.responses)).toEqual(['200', '400', '404']);
      const error = op.responses['404']!.content!['application/json']!.schema;
      expect(error).toMatchObject({
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
      // The query parameters of the list are documented.
      for (const p of ['observationTags', 'observationFlags', 'hasLowScore', 'limit', 'page'])
        expect(text).toContain(`| \`${p}\` | query |`);
    });

    it('lists the fields of each success answer, and no placeholder description', async () => {
      const text = await (await fetch(`${service.url}/api-docs.md`)).text();
      expect(text).not.toContain('Default Response');
      const list = text.slice(
        text.indexOf('### GET /v1.0/sessions\n'),
        text.indexOf('### GET /v1.0/sessions/{'),
      );
      expect(list).toContain('Response 200:');
      expect(list).toContain(
        '| `totalCount` | integer | yes | Sessions matching the filters, on every page. |',
      );
      const analyze = text.slice(
        text.indexOf('### POST /v1.0/analyze\n'),
        text.indexOf('### GET /v1.0/quota'),
      );
      expect(analyze).toContain('Response 200, form 1 of 2:');
      expect(analyze).toContain('| `processorVersion` | string | yes |');
    });
  });

  describe('/api/schemas', () => {
    let index: { apiVersion: string; schemas: { name: string; $id: string; url: string }[] };
    beforeAll(async () => {
      index = (await (await fetch(`${service.url}/api/schemas`)).json()) as typeof index;
    });

    it('indexes at least 14 schemas of apiVersion 1.0, the resources of the specification among them', () => {
      expect(index.apiVersion).toBe('1.0');
      expect(index.schemas.length).toBeGreaterThanOrEqual(14);
      const names = index.schemas.map((s) => s.name);
      expect(new Set(names).size).toBe(names.length);
      for (const name of [
        'Error',
        'AnalyzeResponseData',
        'Observation',
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
        'TrimmedObservation',
      ])
        expect(names).toContain(name);
      for (const s of index.schemas) {
        expect(s.url).toBe(`${service.url}/api/schemas/${s.name}.json`);
        expect(s.$id).toBe(s.url);
      }
    });

    it('serves every schema as a JSON Schema 2020-12 document that compiles with Ajv 2020 (strict)', async () => {
      const ajv = new Ajv2020({ strict: true, code: { optimize: false } });
      addFormats.default(ajv);
      for (const entry of index.schemas) {
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

    it('answers 404 not_found for an unknown schema', async () => {
      await expectError(fetch(`${service.url}/api/schemas/NoSuchSchema.json`), 404, 'not_found');
    });
  });
});
