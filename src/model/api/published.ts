import { ObservationCatalog, ObservationExplanation } from '../catalog.js';
import { AnalyzeResponseData } from '../payload/analyze-response-data.js';
import { Metadata } from '../payload/metadata.js';
import { Observation, ObservationsCount, TagCloud } from '../payload/observation.js';
import { PeerConnectionSummary } from '../payload/peer-connection-summary.js';
import { StreamSummary } from '../payload/stream-summary.js';
import { TransportSummary } from '../payload/transport-summary.js';
import { UserAgentData } from '../payload/user-agent-data.js';
import { InsightsComparison, InsightsResponse, InsightsSummary } from './insights.js';
import * as R from './resources.js';

/**
 * The schemas published as standalone JSON Schema 2020-12 documents (`/api/schemas`): the
 * resources of the specification first, then the parts of the payload.
 */
export const PUBLISHED_SCHEMAS: Record<string, object> = {
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
  ObservationCatalog,
  UploadResponse: R.UploadResponse,
  AnalyzeResponse: R.AnalyzeResponse,
  SessionResponse: R.SessionResponse,
  DumpLinkResponse: R.DumpLinkResponse,
  InsightsResponse,
  InsightsSummary,
  InsightsComparison,
  AssembleRequest: R.AssembleRequest,
  SessionPatchRequest: R.SessionPatchRequest,
  UserAgentData,
  Metadata,
  PeerConnectionSummary,
  StreamSummary,
  TransportSummary,
  TagCloud,
};

export const API_VERSION = '1.0';

/** A schema as a standalone 2020-12 document with its public `$id`. */
export function schemaDocument(name: string, baseUrl: string): object | undefined {
  const schema = PUBLISHED_SCHEMAS[name];
  if (!schema) return undefined;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${baseUrl}/api/schemas/${name}.json`,
    title: name,
    ...JSON.parse(JSON.stringify(schema)),
  };
}
