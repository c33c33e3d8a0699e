import type {} from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Value from 'typebox/value';
import { authOf, contentType, limitRate, siteUrlOf } from '../edge/auth.js';
import { ingestReply } from '../edge/replies.js';
import { AssembleRequest, UploadAssembleRequest } from '../model/api/resources.js';
import { ApiError } from '../service/api-error.js';
import { ingestChunks } from '../service/assemble.js';
import { checkFileId, parseChunkIndex, putChunk } from '../service/chunks.js';
import type { ServiceContext } from '../service/context.js';
import { checkIdempotencyKey } from '../service/idempotent.js';
import { type IncomingFile, receive, spool } from '../service/incoming-file.js';
import { type IngestOptions, ingest, type Operation, requireWrite } from '../service/ingest.js';

/** Raw bodies the ingest routes take as a dump (pass-through parsers, see app/build-app.ts). */
export const RAW_TYPES = ['application/octet-stream', 'application/gzip', 'application/x-gzip'];

const CHUNK_ANSWER = JSON.stringify({ success: true });

/**
 * upload, analyze and enrich: a multipart chunk, a JSON assemble step, or a raw body. Writes are
 * refused to read-only tokens before anything is read.
 */
export async function handleIngest(
  ctx: ServiceContext,
  operation: Operation,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { save: boolean; fileName?: string },
): Promise<void> {
  const auth = authOf(request);
  requireWrite(auth);
  // A malformed key is refused before the body is read, on a chunk too (which does not use it).
  const idempotencyKey = request.headers['idempotency-key'];
  if (typeof idempotencyKey === 'string') checkIdempotencyKey(idempotencyKey);
  const type = contentType(request);
  if (type === 'multipart/form-data') {
    await limitRate(ctx, request, reply, 'chunks');
    await receiveChunk(ctx, request);
    // As text: an object would make Fastify compile the serializer of the route's whole 200 union
    // (the session payload schema), which stalls the event loop for seconds on the first chunk.
    await reply.type('application/json').send(CHUNK_ANSWER);
    return;
  }
  await limitRate(ctx, request, reply, 'ingest');
  const stores = operation === 'upload' || options.save;
  const ingestOptions = (fileName: string | undefined, cancel?: AbortSignal): IngestOptions => ({
    save: options.save,
    siteUrl: siteUrlOf(ctx, request),
    accountLimit: true,
    ...(cancel ? { cancel } : {}),
    ...(fileName ? { fileName } : {}),
    ...(typeof idempotencyKey === 'string' ? { idempotencyKey } : {}),
  });
  if (type === 'application/json') {
    const body = request.body;
    // The schemas the OpenAPI document gives for this body (route-types.ts ingestBodies).
    const schema = operation === 'upload' ? UploadAssembleRequest : AssembleRequest;
    if (!Value.Check(schema, body)) {
      // No fileId at all: most likely a dump (webrtc-internals exports are JSON) sent as JSON.
      if (body === null || typeof body !== 'object' || !('fileId' in body))
        throw new ApiError(
          'invalid_request',
          'A JSON body here is the assemble step {fileId, assemble: true, fileName}. To send a dump (a webrtc-internals export is JSON too), send its bytes as application/octet-stream (curl --data-binary @dump.txt).',
        );
      if (operation === 'upload' && Value.Check(AssembleRequest, body))
        throw new ApiError('invalid_request', 'fileName is required to assemble an upload.');
      const first = [...Value.Errors(schema, body)][0];
      throw new ApiError(
        'invalid_request',
        `The assemble step takes {fileId, assemble: true, fileName}${first ? `: ${first.instancePath || 'body'} ${first.message}` : ''}.`,
      );
    }
    const fileName = body.fileName ?? options.fileName;
    const gone = stores ? undefined : clientGone(request, reply);
    try {
      const result = await ingestChunks(
        ctx,
        auth,
        operation,
        body.fileId,
        ingestOptions(fileName, gone?.signal),
        ingestReply,
      );
      await reply.code(result.status).type('application/json').send(result.body);
    } finally {
      gone?.stop();
    }
    return;
  }
  if (!RAW_TYPES.includes(type))
    throw new ApiError(
      'invalid_request',
      `Content-Type "${type || '(none)'}" is not accepted: send the dump as application/octet-stream, chunks as multipart/form-data, or the assemble step as application/json.`,
    );
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > ctx.config.limits.maxBodyBytes)
    throw new ApiError(
      'file_too_large',
      `The body is ${declared} bytes; raw bodies may hold up to ${ctx.config.limits.maxBodyBytes} bytes (use the chunked flow for larger files).`,
    );
  const file = await receive(request.raw, {
    tmpDir: ctx.tmpDir,
    maxBytes: ctx.config.limits.maxBodyBytes,
    what: 'The body',
    ...(Number.isSafeInteger(declared) ? { expectedBytes: declared } : {}),
    // In memory only when the dump is not stored: a stored dump is written out anyway.
    ...(ctx.spoolMemory && !stores ? { memory: ctx.spoolMemory } : {}),
  });
  ctx.metrics.uploadBytes.inc(file.size);
  // An analysis that keeps nothing is of use only to the client that asked: when it goes away, the
  // analysis is stopped and spends nothing. A stored one goes on: its session outlives the request.
  const gone = stores ? undefined : clientGone(request, reply);
  try {
    const result = await ingest(
      ctx,
      auth,
      operation,
      file,
      ingestOptions(options.fileName, gone?.signal),
      ingestReply,
    );
    await reply.code(result.status).type('application/json').send(result.body);
  } finally {
    gone?.stop();
    await file.remove();
  }
}

/** A signal aborted when the client's connection closes before the reply was sent. */
function clientGone(request: FastifyRequest, reply: FastifyReply): { signal: AbortSignal; stop(): void } {
  const controller = new AbortController();
  const res = reply.raw;
  const onClose = () => {
    if (!res.writableFinished) controller.abort();
  };
  if (request.raw.socket?.destroyed || res.destroyed) controller.abort();
  else res.once('close', onClose);
  return { signal: controller.signal, stop: () => res.off('close', onClose) };
}

/** One multipart chunk: fields fileId and chunkIndex, file part `chunk`, in any order. */
async function receiveChunk(ctx: ServiceContext, request: FastifyRequest): Promise<void> {
  const fields: Record<string, string> = {};
  let chunk: IncomingFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'chunk' || chunk) {
          part.file.resume();
          throw new ApiError('invalid_request', unexpectedFileField(part.fieldname, chunk !== undefined));
        }
        chunk = await spool(part.file, ctx.tmpDir, ctx.config.limits.maxChunkBytes, 'The chunk');
      } else fields[part.fieldname] = String(part.value);
    }
    const fileId = checkFileId(fields.fileId);
    const index = parseChunkIndex(fields.chunkIndex);
    if (!chunk) throw new ApiError('invalid_request', 'The multipart body has no "chunk" file field.');
    await putChunk(ctx, authOf(request), fileId, index, chunk.open);
  } catch (error) {
    throw malformedMultipart(error) ?? error;
  } finally {
    await chunk?.remove();
  }
}

/**
 * A file field other than one `chunk`. The usual cause is a whole dump sent as a form
 * (`curl -F file=@dump.txt`): say how to send it in one request, not only what a chunk needs.
 */
function unexpectedFileField(name: string, second: boolean): string {
  const what = second ? 'A second file field' : `The file field "${name}"`;
  return `${what} is not a chunk. A multipart body carries one chunk of a dump: a file field named "chunk" with the fields fileId and chunkIndex, then a JSON assemble step. To send a whole dump in one request, send its bytes as the body with Content-Type: application/octet-stream (curl --data-binary @dump.txt).`;
}

/** What the multipart parser (busboy) throws on a body that is not the multipart it claims to be. */
const MULTIPART_FAILURE =
  /multipart|boundary|needle|terminated early|unexpected end|Unsupported Content-Type|Missing Content-Type/i;

/** A malformed multipart body (no or wrong boundary, cut short) as the 400 it is, not a 500. */
function malformedMultipart(error: unknown): ApiError | undefined {
  if (error instanceof ApiError || !(error instanceof Error)) return undefined;
  if ((error as { code?: string }).code?.startsWith('FST_')) return undefined;
  if (!MULTIPART_FAILURE.test(error.message)) return undefined;
  return new ApiError('invalid_request', `The multipart body is malformed: ${error.message}.`);
}
