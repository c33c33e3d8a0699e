/**
 * The replies of the edges, each built once, here, from typed parts: REST sends them as text, MCP
 * reads or summarizes the same objects. Nothing is glued as text and parsed back: a payload the
 * worker serialized goes into its reply as it is, and one read from storage stays an object.
 */
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import type { ServiceContext } from '../service/context.js';
import type { JsonReply } from '../service/idempotent.js';
import type { Ingested } from '../service/ingest.js';
import { sessionPayload } from '../service/sessions.js';
import type { AuthContext } from '../service/tokens.js';
import { sessionLinks } from '../service/urls.js';

/** REST's answer to analyze, upload and enrich (kept as it is for Idempotency-Key replays). */
export function ingestReply(done: Ingested): JsonReply {
  return { status: 200, body: ingestBody(done) };
}

function ingestBody({ operation, parts, session, finishedAt }: Ingested): string {
  const ids = session ?? {};
  if (operation === 'upload') return JSON.stringify({ success: true, ...ids });
  if (operation === 'enrich')
    return JSON.stringify({
      data: parts.facts.enrich,
      processorVersion: parts.processorVersion,
      generatedAt: finishedAt,
    });
  // `{"data": <payload>, processorVersion, ...ids}`, with the payload's JSON as the worker wrote
  // it: a payload of megabytes is neither parsed nor serialized again on the event loop.
  const rest = JSON.stringify({ processorVersion: parts.processorVersion, ...ids });
  return `{"data":${parts.json},${rest.slice(1)}`;
}

/** GET /sessions/{id}'s answer, as an object: REST sends it as it is, MCP reads or summarizes it. */
export interface SessionReply {
  data: AnalyzeResponseData;
  callscopeId: string;
  processorVersion: string;
  callscopeUrl: string;
  embedUrl?: string;
}

export async function sessionReply(
  ctx: ServiceContext,
  auth: AuthContext,
  id: string,
  siteUrl: string,
): Promise<SessionReply> {
  const { row, data, processorVersion } = await sessionPayload(ctx, auth, id, siteUrl);
  const links = await sessionLinks(siteUrl, row.id, auth.account.plan, () => ctx.tokens.embedToken(row.id));
  return { data: data as unknown as AnalyzeResponseData, callscopeId: row.id, processorVersion, ...links };
}

/** The session reply's text, for REST. */
export async function sessionReplyText(
  ctx: ServiceContext,
  auth: AuthContext,
  id: string,
  siteUrl: string,
): Promise<string> {
  return JSON.stringify(await sessionReply(ctx, auth, id, siteUrl));
}
