import { ERROR_CATALOG } from '../service/api-error.js';
import { ALIAS_PREFIX } from './openapi-document.js';

type Json = Record<string, unknown>;
const cell = (v: unknown) =>
  String(v ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n+/g, ' ');

/** The name of a component a schema refers to (`#/components/schemas/Name`). */
const refName = (schema: Json | undefined) =>
  typeof schema?.$ref === 'string' ? schema.$ref.slice(schema.$ref.lastIndexOf('/') + 1) : undefined;

function typeOf(schema: Json | undefined): string {
  if (!schema) return '';
  const ref = refName(schema);
  if (ref) return ref;
  if (schema.enum) {
    const values = (schema.enum as unknown[]).filter((v) => v !== null).map((v) => JSON.stringify(v));
    return `${values.join(' | ')}${schema.nullable ? ' or null' : ''}`;
  }
  if (schema.anyOf || schema.oneOf)
    return ((schema.anyOf ?? schema.oneOf) as Json[]).map(typeOf).join(' or ');
  const t =
    schema.type === 'array' ? `array of ${typeOf(schema.items as Json)}` : String(schema.type ?? 'object');
  return schema.nullable ? `${t} or null` : t;
}

function fields(schema: Json | undefined): string[] {
  const props = schema?.properties as Record<string, Json> | undefined;
  if (!props) return [];
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  return [
    '| Field | Type | Required | Description |',
    '| --- | --- | --- | --- |',
    ...Object.entries(props).map(
      ([name, s]) =>
        `| \`${name}\` | ${cell(typeOf(s))} | ${required.has(name) ? 'yes' : 'no'} | ${cell(s.description)} |`,
    ),
  ];
}

/** A schema, or the component it refers to. */
const resolve = (components: Record<string, Json>, schema: Json | undefined): Json | undefined => {
  const ref = refName(schema);
  return ref ? components[ref] : schema;
};

/**
 * The fields of the success answer (JSON): one table, or one per form when the answer has several
 * (analyze answers the payload, or `{success}` for a chunk), each under the name of its schema.
 * Nested objects are named, not unfolded: their JSON Schemas are at /api/schemas.
 */
function successFields(responses: Record<string, Json>, components: Record<string, Json>): string[] {
  const [status, ok] = Object.entries(responses).find(([code]) => code.startsWith('2')) ?? [];
  const content = ok?.content as Record<string, Json> | undefined;
  const schema = content?.['application/json']?.schema as Json | undefined;
  if (!schema) return [];
  const forms = ((schema.anyOf ?? schema.oneOf ?? [schema]) as Json[])
    .map((form) => ({ name: refName(form), form: resolve(components, form) }))
    .filter((f): f is { name: string | undefined; form: Json } => f.form?.properties !== undefined);
  return forms.flatMap(({ name, form }, i) => [
    `${forms.length > 1 ? `Response ${status}, form ${i + 1} of ${forms.length}` : `Response ${status}`}${name ? ` (${name})` : ''}:`,
    '',
    ...fields(form),
    '',
  ]);
}

/** A Markdown rendering of the OpenAPI document (served at /api-docs.md). */
export function openapiMarkdown(doc: Json): string {
  const components = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const info = doc.info as Json;
  const out: string[] = [`# ${info.title} ${info.version}`, '', String(info.description ?? ''), ''];
  const servers = (doc.servers as Json[] | undefined) ?? [];
  if (servers.length) {
    out.push('## Servers', '');
    for (const s of servers) out.push(`- \`${s.url}\` — ${s.description ?? ''}`);
    out.push('');
  }
  out.push(
    '## Authentication',
    '',
    'Every `/v1.0` operation needs `Authorization: Bearer <application token>` (a JWT created with `callscope tokens create`). Read-only tokens cannot upload, analyze, enrich, edit or delete.',
    '',
    `The site serves the same operations under \`${ALIAS_PREFIX}\` (all but enrich and observations); they are listed last.`,
    '',
    '## Errors',
    '',
    'Every failure answers `{"error": "...", "errorCode": "..."}`. Branch on `errorCode`:',
    '',
    '| errorCode | Status | When |',
    '| --- | --- | --- |',
    ...Object.entries(ERROR_CATALOG).map(([code, e]) => `| \`${code}\` | ${e.status} | ${cell(e.when)} |`),
    '',
    '## Headers',
    '',
    'Every answer carries `X-Request-Id`; answers to operations with a token carry `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`; 429 and 503 carry `Retry-After`. upload, analyze and enrich take an `Idempotency-Key` header.',
    '',
    '| Header | Meaning |',
    '| --- | --- |',
    ...Object.entries(((doc.components as Json | undefined)?.headers ?? {}) as Record<string, Json>).map(
      ([name, h]) => `| \`${name}\` | ${cell(h.description)} |`,
    ),
    '',
    '## Operations',
    '',
  );
  const paths = doc.paths as Record<string, Record<string, Json>>;
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      out.push(
        `### ${method.toUpperCase()} ${path}`,
        '',
        `**${op.summary ?? op.operationId}**`,
        '',
        String(op.description ?? ''),
        '',
      );
      // Operations of the site alias are those of /v1.0: their description names which.
      if (path.startsWith(`${ALIAS_PREFIX}/`)) continue;
      const params = (op.parameters as Json[] | undefined) ?? [];
      if (params.length) {
        out.push('| Parameter | In | Type | Required | Description |', '| --- | --- | --- | --- | --- |');
        for (const p of params)
          out.push(
            `| \`${p.name}\` | ${p.in} | ${cell(typeOf(p.schema as Json))} | ${p.required ? 'yes' : 'no'} | ${cell(p.description ?? (p.schema as Json)?.description)} |`,
          );
        out.push('');
      }
      const body = op.requestBody as Json | undefined;
      if (body) {
        const content = body.content as Record<string, Json>;
        out.push(
          `Request body: ${Object.keys(content)
            .map((c) => `\`${c}\``)
            .join(', ')}`,
          '',
        );
        const json = resolve(components, content['application/json']?.schema as Json | undefined);
        if (json?.properties) out.push(...fields(json), '');
      }
      // Error responses are components (one per status): their descriptions name the errorCodes.
      const shared = ((doc.components as Json | undefined)?.responses ?? {}) as Record<string, Json>;
      const responses = Object.fromEntries(
        Object.entries(op.responses as Record<string, Json>).map(([status, r]) => [
          status,
          typeof r.$ref === 'string' ? (shared[r.$ref.slice(r.$ref.lastIndexOf('/') + 1)] ?? r) : r,
        ]),
      );
      out.push('| Status | Description |', '| --- | --- |');
      for (const [status, r] of Object.entries(responses))
        out.push(`| ${status} | ${cell(r.description === 'Default Response' ? 'Success' : r.description)} |`);
      out.push('');
      out.push(...successFields(responses, components));
    }
  }
  return out.join('\n');
}
