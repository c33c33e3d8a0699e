import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../service/api-error.js';

/**
 * dist/web (or src/web from sources). The bundled command's modules sit in dist/bin, beside it
 * (scripts/bundle-cli.mjs checks this module is bundled there).
 */
const MODULE_DIR = dirname(fileURLToPath(import.meta.url));
const HERE = basename(MODULE_DIR) === 'bin' ? join(MODULE_DIR, '..', 'web') : MODULE_DIR;
/** Compiled browser modules (dist/web/client) or, when running from sources, their .ts files. */
const CLIENT_DIR = join(HERE, 'client');
export const STATIC_DIR = join(HERE, 'static');
/** uPlot is served from node_modules: no CDN, the viewer works without network access. */
const UPLOT_DIR = dirname(createRequire(import.meta.url).resolve('uplot'));

const MODULE = /^[a-z][a-z0-9-]*\.js$/;
const VENDOR: Record<string, string> = {
  'uPlot.iife.min.js': 'text/javascript; charset=utf-8',
  'uPlot.min.css': 'text/css; charset=utf-8',
};

export interface Asset {
  body: string;
  etag: string;
}

const cache = new Map<string, Promise<Asset>>();

const asset = (body: string): Asset => ({
  body,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
});

/** A file's text, read again only when it changed (editing the sources shows up on reload). */
export async function cached(
  path: string,
  read: (text: string) => string = (t) => t,
): Promise<Asset | undefined> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  const key = `${path}:${info.mtimeMs}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = readFile(path, 'utf8').then((text) => asset(read(text)));
    cache.set(key, hit);
  }
  return hit;
}

/**
 * A browser module: the compiled .js when there is one (built service), else the .ts source
 * transpiled on the fly (service run from sources, as in tests). TypeScript is only loaded then.
 */
async function clientModule(name: string): Promise<Asset | undefined> {
  const js = join(CLIENT_DIR, name);
  if (existsSync(js)) return cached(js);
  if (!existsSync(js.replace(/\.js$/, '.ts'))) return undefined;
  const { default: typescript } = await import('typescript');
  return cached(
    js.replace(/\.js$/, '.ts'),
    (source) =>
      typescript.transpileModule(source, {
        compilerOptions: {
          target: typescript.ScriptTarget.ES2022,
          module: typescript.ModuleKind.ES2022,
          verbatimModuleSyntax: true,
        },
      }).outputText,
  );
}

/** An asset with its ETag, revalidated on every use (304 when the browser's copy is current). */
export async function sendAsset(
  request: FastifyRequest,
  reply: FastifyReply,
  found: Asset | undefined,
  type: string,
) {
  if (!found) throw new ApiError('not_found', 'No such asset.');
  // Revalidated on every use: a redeploy never leaves a browser with a stale mix of modules.
  reply
    .header('etag', found.etag)
    .header('cache-control', 'no-cache')
    .header('x-content-type-options', 'nosniff');
  if (request.headers['if-none-match'] === found.etag) return reply.code(304).send();
  return reply.type(type).send(found.body);
}

/** Static files of the web viewer under /assets/. */
export function assetRoutes(app: FastifyInstance): void {
  const hide = { schema: { hide: true } };
  app.get<{ Params: { name: string } }>('/assets/app/:name', hide, async (request, reply) => {
    const { name } = request.params;
    const found = MODULE.test(name) ? await clientModule(name) : undefined;
    return sendAsset(request, reply, found, 'text/javascript; charset=utf-8');
  });
  app.get('/assets/app.css', hide, async (request, reply) => {
    const found = await cached(join(STATIC_DIR, 'app.css'));
    return sendAsset(request, reply, found, 'text/css; charset=utf-8');
  });
  app.get<{ Params: { name: string } }>('/assets/vendor/:name', hide, async (request, reply) => {
    const { name } = request.params;
    const type = Object.hasOwn(VENDOR, name) ? VENDOR[name] : undefined;
    const found = type ? await cached(join(UPLOT_DIR, name)) : undefined;
    return sendAsset(request, reply, found, type ?? '');
  });
}
