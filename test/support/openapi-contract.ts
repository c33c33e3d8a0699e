/**
 * Contract testing from an OpenAPI 3.0 document: fast-check arbitraries of the values a schema
 * accepts (and of values it refuses), and a check of answers against the statuses, media types,
 * schemas and headers the document declares for them (Ajv). Used by src/http/contract.test.ts.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';

export type Json = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  explode?: boolean;
  schema: Json;
}

export interface Response {
  $ref?: string;
  description: string;
  headers?: Record<string, Json>;
  content?: Record<string, { schema: Json }>;
}

export interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, Response>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Json>;
    responses: Record<string, Response>;
    headers: Record<string, Json>;
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many code points a string has: JSON Schema's (and Ajv's) length. */
const length = (s: string) => [...s].length;

/** Text: mostly printable ASCII, sometimes any Unicode (no lone surrogates: not sendable in a URL). */
const text = (min: number, max: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: max }) },
  );

export class Schemas {
  constructor(private readonly doc: OpenApiDocument) {}

  /** A schema, or the component it refers to. */
  resolve(schema: Json): Json {
    let s = schema;
    while (typeof s.$ref === 'string') s = this.doc.components.schemas[s.$ref.split('/').pop()!]!;
    return s;
  }

  /** A response, or the component it refers to. */
  response(r: Response): Response {
    return r.$ref ? this.doc.components.responses[r.$ref.split('/').pop()!]! : r;
  }

  /**
   * Values the schema accepts. `noComma`: strings hold no comma (the values of a comma-separated
   * parameter: a comma in one would make two).
   */
  valid(schema: Json, noComma = false): fc.Arbitrary<unknown> {
    const s = this.resolve(schema);
    let arb: fc.Arbitrary<unknown>;
    if (s.anyOf) arb = fc.oneof(...(s.anyOf as Json[]).map((m) => this.valid(m, noComma)));
    else if (Array.isArray(s.enum)) arb = fc.constantFrom(...(s.enum as unknown[]));
    else
      switch (s.type) {
        case 'boolean':
          arb = fc.boolean();
          break;
        case 'integer': {
          const min = (s.minimum as number | undefined) ?? -1_000_000;
          const max = (s.maximum as number | undefined) ?? 1_000_000;
          // Bounds are where services go wrong: weight them.
          arb = fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
          break;
        }
        case 'number':
          arb = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
          break;
        case 'string':
          arb = this.validString(s, noComma);
          break;
        case 'array':
          arb = fc.array(this.valid(s.items as Json, noComma), {
            minLength: (s.minItems as number | undefined) ?? 0,
            maxLength: (s.maxItems as number | undefined) ?? 5,
          });
          break;
        case 'object':
          arb = this.validObject(s);
          break;
        default:
          arb = fc.jsonValue({ maxDepth: 2 });
      }
    return s.nullable === true && !Array.isArray(s.enum) ? fc.option(arb, { nil: null }) : arb;
  }

  private validString(s: Json, noComma: boolean): fc.Arbitrary<string> {
    if (s.format === 'uuid') return fc.uuid().map(String);
    const min = (s.minLength as number | undefined) ?? 0;
    const max = (s.maxLength as number | undefined) ?? 40;
    const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : undefined;
    const base = pattern ? fc.stringMatching(pattern) : text(min, Math.min(max, min + 60));
    return base.filter(
      (v) =>
        length(v) >= min &&
        length(v) <= max &&
        (!pattern || pattern.test(v)) &&
        !(noComma && v.includes(',')),
    );
  }

  private validObject(s: Json): fc.Arbitrary<Json> {
    const properties = (s.properties ?? {}) as Record<string, Json>;
    const required = (s.required ?? []) as string[];
    return fc.record(Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, this.valid(v)])), {
      requiredKeys: required,
    }) as fc.Arbitrary<Json>;
  }

  /**
   * Values the schema refuses, one constraint broken at a time; undefined when it refuses none
   * that can be sent. `noComma` as for `valid`; `inQuery`: the value goes into a URL (a string).
   */
  invalid(schema: Json, noComma = false): fc.Arbitrary<unknown> | undefined {
    const s = this.resolve(schema);
    const options: fc.Arbitrary<unknown>[] = [];
    const noCommaText = (min: number, max: number) =>
      text(min, max).filter((v) => !(noComma && v.includes(',')));
    if (s.type === 'string') {
      const min = (s.minLength as number | undefined) ?? 0;
      const max = s.maxLength as number | undefined;
      const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : undefined;
      if (Array.isArray(s.enum))
        options.push(noCommaText(0, 20).filter((v) => !(s.enum as unknown[]).includes(v)));
      if (min > 0) options.push(noCommaText(0, min - 1));
      if (max !== undefined) options.push(noCommaText(max + 1, max + 30).filter((v) => length(v) > max));
      if (pattern)
        options.push(noCommaText(0, max ?? 40).filter((v) => length(v) >= min && !pattern.test(v)));
      if (s.format === 'uuid') options.push(noCommaText(1, 40).filter((v) => !UUID.test(v)));
    } else if (s.type === 'integer') {
      const min = s.minimum as number | undefined;
      const max = s.maximum as number | undefined;
      if (min !== undefined) options.push(fc.integer({ min: min - 1000, max: min - 1 }));
      if (max !== undefined) options.push(fc.integer({ min: max + 1, max: max + 1_000_000 }));
      options.push(fc.constantFrom('abc', '1.5', '', 'true', '1,2'));
    } else if (s.type === 'boolean') {
      options.push(noCommaText(0, 10).filter((v) => v !== 'true' && v !== 'false'));
    } else if (s.type === 'array') {
      const item = this.invalid(s.items as Json, noComma);
      const valid = this.valid(s.items as Json, noComma);
      if (item) options.push(fc.tuple(fc.array(valid, { maxLength: 3 }), item).map(([a, b]) => [...a, b]));
      if (typeof s.maxItems === 'number')
        options.push(fc.array(valid, { minLength: s.maxItems + 1, maxLength: s.maxItems + 5 }));
    } else if (s.type === 'object') {
      const properties = (s.properties ?? {}) as Record<string, Json>;
      const required = (s.required ?? []) as string[];
      const whole = this.validObject(s);
      for (const name of required)
        options.push(
          whole.map((o) => {
            const { [name]: _gone, ...rest } = o;
            return rest;
          }),
        );
      for (const [name, p] of Object.entries(properties)) {
        const bad = this.invalid(p);
        if (bad) options.push(fc.tuple(whole, bad).map(([o, v]) => ({ ...o, [name]: v })));
      }
      if (s.additionalProperties === false) options.push(whole.map((o) => ({ ...o, notAField: 1 })));
      options.push(fc.constantFrom(42, 'text', [], null));
    }
    return options.length ? fc.oneof(...options) : undefined;
  }
}

/** A value as it is written in a URL or a header (arrays comma-separated: form style, no explode). */
export function serialized(value: unknown): string {
  if (Array.isArray(value)) return value.map(serialized).join(',');
  return String(value);
}

/** The check of answers against the document: what was wrong with one, if anything. */
export class ResponseChecker {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<Json, ValidateFunction>();
  private static readonly BASE = 'https://callscope.test/openapi.json';

  constructor(
    doc: OpenApiDocument,
    private readonly schemas: Schemas,
  ) {
    // OpenAPI 3.0 schemas: a subset of draft-07 with nullable (which Ajv reads), and `binary`.
    this.ajv = new Ajv({ strict: false, allErrors: false });
    addFormats.default(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema({ $id: ResponseChecker.BASE, components: { schemas: doc.components.schemas } });
  }

  private validator(schema: Json): ValidateFunction {
    let v = this.compiled.get(schema);
    if (!v) {
      // References inside an operation point at the document registered above.
      const absolute = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', `"${ResponseChecker.BASE}#/components/`),
      ) as Json;
      v = this.ajv.compile(absolute);
      this.compiled.set(schema, v);
    }
    return v;
  }

  /** Problems with an answer to `operation`: an undeclared status or media type, a body off its schema, a missing header. */
  check(operation: Operation, status: number, headers: Headers, body: string): string[] {
    const declared = operation.responses[String(status)];
    if (!declared) return [`status ${status} is not declared`];
    const response = this.schemas.response(declared);
    const problems: string[] = [];
    const type = (headers.get('content-type') ?? '').split(';')[0]!.trim();
    const content = response.content;
    if (!content) {
      if (body.length > 0) problems.push(`${status}: a body where none is declared`);
    } else {
      const media = content[type];
      if (!media)
        problems.push(
          `${status}: content-type ${type || '(none)'} is not one of ${Object.keys(content).join(', ')}`,
        );
      else if (type === 'application/json') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch {
          problems.push(`${status}: the body is not JSON`);
        }
        const validate = this.validator(media.schema);
        if (parsed !== undefined && !validate(parsed))
          problems.push(
            `${status}: body off its schema: ${this.ajv.errorsText(validate.errors)} in ${body.slice(0, 200)}`,
          );
      }
    }
    for (const name of Object.keys(response.headers ?? {}))
      if (/^X-Request-Id$/i.test(name) && !headers.has(name)) problems.push(`${status}: no ${name} header`);
    if (status < 300)
      for (const name of Object.keys(response.headers ?? {}))
        if (/^X-RateLimit-/i.test(name) && !/^\d+$/.test(headers.get(name) ?? ''))
          problems.push(`${status}: ${name} is not a whole number`);
    if ((status === 429 || status === 503) && !/^\d+$/.test(headers.get('retry-after') ?? ''))
      problems.push(`${status}: no Retry-After`);
    return problems;
  }
}
