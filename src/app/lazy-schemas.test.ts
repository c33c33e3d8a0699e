import Fastify, { type FastifyInstance } from 'fastify';
import Type from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyCompilers } from './lazy-schemas.js';

const AJV = { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true } } as const;

/** The same routes on Fastify's default compilers (eager) or on the lazy ones. */
function app(lazy: boolean): FastifyInstance {
  const a = Fastify({
    ajv: AJV,
    ...(lazy ? { schemaController: { compilersFactory: lazyCompilers() } } : {}),
  });
  a.post(
    '/things',
    {
      schema: {
        querystring: Type.Object({ tag: Type.Array(Type.Integer()), limit: Type.Integer({ default: 10 }) }),
        body: Type.Object({ name: Type.String({ minLength: 2 }) }),
        response: {
          200: Type.Object({ name: Type.String(), tag: Type.Array(Type.Integer()), limit: Type.Integer() }),
        },
      },
    },
    async (request) => {
      const { tag, limit } = request.query as { tag: number[]; limit: number };
      return { name: (request.body as { name: string }).name, tag, limit, secret: 'not in the schema' };
    },
  );
  // A whole part coerced: Ajv replaces the root value, which reaches the request only through
  // the parent Fastify hands it.
  a.post('/list', { schema: { body: Type.Array(Type.Integer()) } }, async (request) => ({
    got: request.body,
  }));
  return a;
}

describe('lazy schema compilers', () => {
  const open: FastifyInstance[] = [];
  afterEach(async () => {
    for (const a of open.splice(0)) await a.close();
  });
  const both = async (request: { method: string; url: string; payload: unknown }) => {
    const [eager, lazy] = [app(false), app(true)];
    open.push(eager, lazy);
    const [e, l] = [await eager.inject(request as never), await lazy.inject(request as never)];
    return {
      eager: { status: e.statusCode, body: e.json() },
      lazy: { status: l.statusCode, body: l.json() },
    };
  };

  it('answer as the default compilers do: coercion of a whole query part, defaults, response filtering', async () => {
    const r = await both({ method: 'POST', url: '/things?tag=7', payload: { name: 'ab' } });
    expect(r.lazy).toEqual(r.eager);
    expect(r.lazy).toEqual({ status: 200, body: { name: 'ab', tag: [7], limit: 10 } });
    const list = await both({ method: 'POST', url: '/list', payload: 5 });
    expect(list.lazy).toEqual(list.eager);
    expect(list.lazy).toEqual({ status: 200, body: { got: [5] } });
  });

  it('refuse what the default compilers refuse, with the same error', async () => {
    for (const request of [
      { method: 'POST', url: '/things?tag=7', payload: { name: 'a' } },
      { method: 'POST', url: '/things?tag=x', payload: { name: 'ab' } },
      { method: 'POST', url: '/things', payload: { name: 'ab' } },
    ]) {
      const r = await both(request);
      expect(r.lazy.status).toBe(400);
      expect(r.lazy).toEqual(r.eager);
    }
  });

  it('compile a route on its first request, not when the server starts', async () => {
    // A schema Ajv cannot compile (an unknown $ref): the default compilers refuse it at ready().
    const broken = (lazy: boolean) => {
      const a = Fastify({
        ajv: AJV,
        ...(lazy ? { schemaController: { compilersFactory: lazyCompilers() } } : {}),
      });
      a.post('/broken', { schema: { body: { $ref: 'nowhere#' } } }, async () => ({}));
      open.push(a);
      return a;
    };
    await expect(broken(false).ready()).rejects.toThrow();
    const lazy = broken(true);
    await lazy.ready();
    expect((await lazy.inject({ method: 'POST', url: '/broken', payload: {} })).statusCode).toBe(500);
  });
});
