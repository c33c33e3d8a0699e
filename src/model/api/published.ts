import * as W from '../../webhooks/api-schemas.js';
import { ObservationCatalog, ObservationExplanation } from '../catalog.js';
import { AnalyzeResponseData } from '../payload/analyze-response-data.js';
import { Metadata } from '../payload/metadata.js';
import { Observation, ObservationsCount, TagCloud } from '../payload/observation.js';
import { PeerConnectionSummary } from '../payload/peer-connection-summary.js';
import { StreamSummary } from '../payload/stream-summary.js';
import { TransportSummary } from '../payload/transport-summary.js';
import { UserAgentData } from '../payload/user-agent-data.js';
import { CollectedCallsResponse } from './collected-calls.js';
import { InsightsComparison, InsightsResponse, InsightsSummary } from './insights.js';
import { RawEventsResponse, RawSeriesResponse, RawStatsIndex } from './raw-stats.js';
import * as R from './resources.js';

/**
 * The specification's 14 schemas: the index of `/api/schemas` lists these (apiVersion "1.0"), in
 * the order of the specification's resources.
 */
export const SPECIFICATION_SCHEMAS: Record<string, object> = {
  Error: R.ErrorResponse,
  AnalyzeResponseData,
  Observation,
  TrimmedObservation: R.TrimmedObservation,
  ObservationsCount,
  Scores: R.Scores,
  EnrichData: R.EnrichData,
  EnrichResponse: R.EnrichResponse,
  ObservationExplanation,
  QuotaResponse: R.QuotaResponse,
  SessionListItem: R.SessionListItem,
  SessionAbstract: R.SessionAbstract,
  SessionsListResponse: R.SessionsListResponse,
  McpTransportError: R.McpTransportError,
};

/**
 * callscope's own schemas, listed apart (`extensions` in the index): the other request and reply
 * bodies of the API, and the parts of the session payload that have a name.
 */
export const EXTENSION_SCHEMAS: Record<string, object> = {
  ObservationCatalog,
  UploadResponse: R.UploadResponse,
  AnalyzeResponse: R.AnalyzeResponse,
  SessionResponse: R.SessionResponse,
  DumpLinkResponse: R.DumpLinkResponse,
  ChunkRequest: R.ChunkRequest,
  ChunkResponse: R.ChunkResponse,
  InsightsResponse,
  InsightsSummary,
  InsightsComparison,
  Webhook: W.Webhook,
  WebhookCreateRequest: W.WebhookCreateRequest,
  WebhookCreated: W.WebhookCreated,
  WebhooksListResponse: W.WebhooksListResponse,
  WebhookDeliveriesResponse: W.WebhookDeliveriesResponse,
  AssembleRequest: R.AssembleRequest,
  UploadAssembleRequest: R.UploadAssembleRequest,
  SessionPatchRequest: R.SessionPatchRequest,
  CollectedCallsResponse,
  RawStatsIndex,
  RawSeriesResponse,
  RawEventsResponse,
  SuccessResponse: R.SuccessResponse,
  McpRequest: R.McpRequest,
  McpResponse: R.McpResponse,
  UserAgentData,
  Metadata,
  PeerConnectionSummary,
  StreamSummary,
  TransportSummary,
  TagCloud,
};

/**
 * Every published schema, by name: standalone JSON Schema 2020-12 documents at
 * `/api/schemas/{Name}.json`, and the named components of the OpenAPI document.
 */
export const PUBLISHED_SCHEMAS: Record<string, object> = { ...SPECIFICATION_SCHEMAS, ...EXTENSION_SCHEMAS };

export const API_VERSION = '1.0';

/** A schema as a standalone 2020-12 document with its public `$id`. */
export function schemaDocument(name: string, baseUrl: string): object | undefined {
  const schema = Object.hasOwn(PUBLISHED_SCHEMAS, name) ? PUBLISHED_SCHEMAS[name] : undefined;
  if (!schema) return undefined;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${baseUrl}/api/schemas/${name}.json`,
    title: name,
    ...JSON.parse(JSON.stringify(schema)),
  };
}
