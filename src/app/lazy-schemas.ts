/**
 * Fastify's own schema compilers (Ajv for what comes in, fast-json-stringify for what goes out),
 * each route's compiled on its first request rather than when the server starts. Compiling the
 * schemas of every route was a fifth of a server's start (about 0.45 of 2.3 CPU-s), paid by every
 * process started, though a process rarely answers most routes; a route's first answer now pays
 * for its own schemas (milliseconds). Same compilers, same options, same results.
 */
import ValidatorSelector from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Compilers = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
/** A compiler as the factories return it: a route's schema to a function (typed loosely here). */
type Compile<F> = (route: unknown) => F;
type Factory<F> = (external: unknown, options: unknown) => Compile<F>;
type Validate = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };
type Serialize = (doc: unknown) => string;

function lazyValidator(compile: Compile<Validate>): Compile<Validate> {
  return (route) => {
    let compiled: Validate | undefined;
    const validate: Validate = (data, context) => {
      compiled ??= compile(route);
      const result = compiled(data, context);
      validate.errors = compiled.errors;
      return result;
    };
    // Fastify hands Ajv's functions the request as the parent of the value (`schemaEnv` marks
    // them), so that coercing a whole part (a query string's array) reaches the request.
    validate.schemaEnv = true;
    return validate;
  };
}

function lazySerializer(compile: Compile<Serialize>): Compile<Serialize> {
  return (route) => {
    let compiled: Serialize | undefined;
    return (doc) => {
      compiled ??= compile(route);
      return compiled(doc);
    };
  };
}

/** The `compilersFactory` of a Fastify `schemaController`. */
export function lazyCompilers(): Compilers {
  const buildValidator = ValidatorSelector() as unknown as Factory<Validate>;
  const buildSerializer = SerializerSelector() as unknown as Factory<Serialize>;
  const factories: { buildValidator: Factory<Validate>; buildSerializer: Factory<Serialize> } = {
    buildValidator: (external, options) => lazyValidator(buildValidator(external, options)),
    buildSerializer: (external, options) => lazySerializer(buildSerializer(external, options)),
  };
  return factories as unknown as Compilers;
}
