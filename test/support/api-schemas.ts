/**
 * Checks HTTP answers against the published JSON Schemas: every schema of
 * src/model/api/published.ts compiled as its standalone 2020-12 document (`schemaDocument`) with
 * Ajv 2020 + ajv-formats, strict. HTTP tests read every JSON body through `read`, so a body that
 * drifts from what /api/schemas publishes fails the test that received it.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { schemaDocument } from '../../src/model/api/published.js';
import { ERROR_CATALOG, type ErrorCode } from '../../src/service/api-error.js';

const BASE = 'https://callscope.test';

/** The name of a published schema (src/model/api/published.ts), `{success}` bodies included. */
export type SchemaName = string;

// First error only and no code optimization: compiling the payload schemas takes half the time.
const ajv = new Ajv2020({ strict: true, allErrors: false, code: { optimize: false } });
addFormats.default(ajv);
const compiled = new Map<string, ValidateFunction>();

/** The compiled validator of a published schema. */
export function validatorOf(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) {
    const doc = schemaDocument(name, BASE);
    if (!doc) throw new Error(`no schema named ${name}`);
    validate = ajv.compile(doc);
    compiled.set(name, validate);
  }
  return validate;
}

/** Asserts that `body` is valid against the schema `name`; returns it typed. */
export function expectSchema<T = Record<string, unknown>>(name: SchemaName, body: unknown): T {
  const validate = validatorOf(name);
  if (!validate(body))
    throw new Error(
      `body does not match ${name}: ${ajv.errorsText(validate.errors, { separator: '\n  ' })}\n${JSON.stringify(body).slice(0, 500)}`,
    );
  return body as T;
}

export interface Answer<T> {
  status: number;
  headers: Headers;
  body: T;
  /** The body as received. */
  text: string;
}

/**
 * Reads a JSON answer and validates it: 2xx bodies against `schema` (required for them), 4xx/5xx
 * bodies against Error, with an errorCode of the catalog whose status is the one received, and
 * nothing but `error` and `errorCode`.
 */
export async function read<T = Record<string, unknown>>(
  res: Response,
  schema?: SchemaName,
): Promise<Answer<T>> {
  const text = await res.text();
  expect(res.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  const body = JSON.parse(text) as unknown;
  if (res.status >= 400) {
    const error = expectSchema<{ error: string; errorCode: string }>('Error', body);
    expect(Object.keys(error).sort()).toEqual(['error', 'errorCode']);
    expect(Object.keys(ERROR_CATALOG)).toContain(error.errorCode);
    expect(ERROR_CATALOG[error.errorCode as ErrorCode].status).toBe(res.status);
    expect(error.error).not.toMatch(/\n\s+at /);
  } else {
    if (!schema) throw new Error(`a ${res.status} answer needs a schema to be checked against`);
    expectSchema(schema, body);
  }
  return { status: res.status, headers: res.headers, body: body as T, text };
}

/** Asserts an error answer with this status and errorCode; returns it. */
export async function expectError(
  res: Response | Promise<Response>,
  status: number,
  errorCode: ErrorCode,
): Promise<Answer<{ error: string; errorCode: string }>> {
  const answer = await read<{ error: string; errorCode: string }>(await res);
  expect({ status: answer.status, errorCode: answer.body.errorCode, error: answer.body.error }).toEqual({
    status,
    errorCode,
    error: expect.any(String),
  });
  return answer;
}

/** Asserts a 200 answer valid against `schema`; returns it. */
export async function expectOk<T = Record<string, unknown>>(
  res: Response | Promise<Response>,
  schema: SchemaName,
): Promise<Answer<T>> {
  const answer = await read<T>(await res, schema);
  if (answer.status !== 200)
    throw new Error(`expected 200, got ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer;
}
