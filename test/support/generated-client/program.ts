/**
 * A client program written against the types openapi-typescript generates from the served
 * document (`./api.js`, generated at test time): it uploads a dump in chunks, analyzes one,
 * lists sessions with typed filters and reads a session. generated-client.test.ts compiles it with
 * the TypeScript compiler (strict) and runs it against a service; it prints what it saw as JSON.
 */
import { readFileSync } from 'node:fs';
import type { components, paths } from './api.js';

type Schemas = components['schemas'];
/** The JSON answer of an operation, for a status, as the document declares it. */
type Answer<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends {
  responses: { [K in S]: { content: { 'application/json': infer T } } };
}
  ? T
  : never;

type ListQuery = NonNullable<paths['/v1.0/sessions']['get']['parameters']['query']>;

const base = process.env.CALLSCOPE_URL!;
const token = process.env.CALLSCOPE_TOKEN!;
const dump = readFileSync(process.env.CALLSCOPE_DUMP!);

/** A request with the token; the JSON answer, typed by the caller from the document. */
async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string> | undefined) },
  });
  if (!res.ok) {
    const error = (await res.json()) as Schemas['Error'];
    throw new Error(`${path}: ${res.status} ${error.errorCode}: ${error.error}`);
  }
  return (await res.json()) as T;
}

/** Query parameters as the document's form style without explode writes them (arrays comma-separated). */
function queryString(query: ListQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  return params.toString();
}

// 1. Upload in two chunks, then assemble: the multipart fields and the JSON step are typed.
const fileId = `generated-client-${Date.now()}`;
const half = Math.ceil(dump.length / 2);
for (const [index, part] of [dump.subarray(0, half), dump.subarray(half)].entries()) {
  const fields: Omit<Schemas['ChunkRequest'], 'chunk'> = { fileId, chunkIndex: String(index) };
  const form = new FormData();
  form.set('fileId', fields.fileId);
  form.set('chunkIndex', fields.chunkIndex);
  form.set('chunk', new Blob([part]), 'chunk.bin');
  const chunk = await call<Answer<'/v1.0/upload', 'post', 200>>('/v1.0/upload', {
    method: 'POST',
    body: form,
  });
  if (!chunk.success) throw new Error('a chunk was refused');
}
const assemble: Schemas['UploadAssembleRequest'] = {
  fileId,
  assemble: true,
  fileName: 'generated-client.txt',
};
const uploaded = await call<Answer<'/v1.0/upload', 'post', 200>>('/v1.0/upload', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(assemble),
});
if (!('callscopeId' in uploaded)) throw new Error('the assemble step did not store a session');
const stored: Schemas['UploadResponse'] = uploaded;

// 2. Analyze the same dump as the raw body, without storing it.
const analyzeQuery: NonNullable<paths['/v1.0/analyze']['post']['parameters']['query']> = { save: 'false' };
const analyzed = await call<Answer<'/v1.0/analyze', 'post', 200>>(
  `/v1.0/analyze?${new URLSearchParams(analyzeQuery as Record<string, string>)}`,
  { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: dump },
);
if (!('data' in analyzed)) throw new Error('analyze answered a chunk reply');
const payload: Schemas['AnalyzeResponseData'] = analyzed.data;
const worst: Schemas['Observation'] | undefined = payload.observations[0];

// 3. List with typed filters.
const filters: ListQuery = {
  fileName: ['generated-client'],
  observationTags: ['connectivity', 'network', 'audio', 'video', 'cpu'],
  hasCritical: payload.observationsCount.critical > 0,
  limit: 10,
  page: 1,
};
// The generated types refuse what the service refuses:
// @ts-expect-error observationTags takes the 13 tags only
const _badTag: ListQuery = { observationTags: ['nope'] };
// @ts-expect-error limit is a number, not a string
const _badLimit: ListQuery = { limit: '10' };
// @ts-expect-error the has* filters are booleans
const _badFlag: ListQuery = { hasHigh: 1 };
const byFile = await call<Answer<'/v1.0/sessions', 'get', 200>>(
  `/v1.0/sessions?${queryString({ fileName: filters.fileName!, limit: 10 })}`,
);
const filtered = await call<Answer<'/v1.0/sessions', 'get', 200>>(`/v1.0/sessions?${queryString(filters)}`);
const item: Schemas['SessionListItem'] | undefined = byFile.data[0];

// 4. Read the stored session.
const session = await call<Answer<'/v1.0/sessions/{callscopeId}', 'get', 200>>(
  `/v1.0/sessions/${encodeURIComponent(stored.callscopeId)}`,
);
const band: Schemas['SessionAbstract']['scoreBand'] | undefined = item?.abstract?.scoreBand;

console.log(
  JSON.stringify({
    uploaded: stored.callscopeId,
    analyzedFileSize: payload.fileSize,
    analyzedObservations: payload.observations.length,
    worstType: worst?.type ?? null,
    listedByFile: byFile.data.map((s) => s.callscopeId),
    listedByFileName: byFile.data.map((s) => s.fileName),
    filteredTotal: filtered.totalCount,
    band: band ?? null,
    read: {
      callscopeId: session.callscopeId,
      fileName: session.data.fileName,
      processor: session.processorVersion,
    },
  }),
);
