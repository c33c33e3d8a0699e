import { ERROR_CATALOG } from '../service/api-error.js';

type Json = Record<string, unknown>;
const cell = (v: unknown) =>
  String(v ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n+/g, ' ');

function typeOf(schema: Json | undefined): string {
  if (!schema) return '';
  if (schema.enum) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(' \\| ');
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

/**
 * The fields of the success answer (JSON): one table, or one per form when the answer has several
 * (analyze answers the payload, or `{success}` for a chunk). Nested objects are named, not unfolded:
 * their JSON Schemas are at /api/schemas.
 */
function successFields(responses: Record<string, Json>): string[] {
  const [status, ok] = Object.entries(responses).find(([code]) => code.startsWith('2')) ?? [];
  const content = ok?.content as Record<string, Json> | undefined;
  const schema = content?.['application/json']?.schema as Json | undefined;
  if (!schema) return [];
  const forms = ((schema.anyOf ?? schema.oneOf ?? [schema]) as Json[]).filter((f) => f.properties);
  return forms.flatMap((form, i) => [
    forms.length > 1 ? `Response ${status}, form ${i + 1} of ${forms.length}:` : `Response ${status}:`,
    '',
    ...fields(form),
    '',
  ]);
}

/** A Markdown rendering of the OpenAPI document (served at /api-docs.md). */
export function openapiMarkdown(doc: Json): string {
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
    '## Errors',
    '',
    'Every failure answers `{"error": "...", "errorCode": "..."}`. Branch on `errorCode`:',
    '',
    '| errorCode | Status | When |',
    '| --- | --- | --- |',
    ...Object.entries(ERROR_CATALOG).map(([code, e]) => `| \`${code}\` | ${e.status} | ${cell(e.when)} |`),
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
        const json = content['application/json']?.schema as Json | undefined;
        if (json?.properties) out.push(...fields(json), '');
      }
      const responses = op.responses as Record<string, Json>;
      out.push('| Status | Description |', '| --- | --- |');
      for (const [status, r] of Object.entries(responses))
        out.push(`| ${status} | ${cell(r.description === 'Default Response' ? 'Success' : r.description)} |`);
      out.push('');
      out.push(...successFields(responses));
    }
  }
  return out.join('\n');
}
