/** The parts of the API's shapes the viewer reads (see src/model for the full schemas; src/web/client-types.test.ts fails when they drift apart). */

export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'info';
export const SEVERITIES: Severity[] = ['critical', 'high', 'medium', 'low', 'info'];
export const TAGS = [
  'connectivity',
  'security',
  'audio',
  'video',
  'datachannel',
  'outbound',
  'inbound',
  'peripheral',
  'behavior',
  'network',
  'configuration',
  'cpu',
  'bug',
] as const;

/** Measurement fields an observation may carry, shown before its other indicators. */
export const MEASUREMENT_FIELDS = [
  'valueInCount',
  'valueInPercent',
  'averageInMs',
  'maxInMs',
  'durationInMs',
  'durationInSeconds',
  'durationInPercent',
] as const;

/** A chart-ready series: `t` (epoch ms) and one array per metric aligned to it. */
export type Series = { t: number[] } & Record<string, (number | null)[]>;

export interface Distribution {
  avg: number;
  min: number;
  max: number;
}

export interface Candidate {
  type: string | null;
  protocol: string | null;
  address: string | null;
  port: number | null;
  relayProtocol: string | null;
  url: string | null;
  networkType: string | null;
}

export interface StateChange {
  state: string;
  at: number | null;
}

export interface PeerConnection {
  id: string;
  url: string | null;
  configuration: Record<string, unknown> | null;
  createdAt: number | null;
  closedAt: number | null;
  durationMs: number | null;
  states: Record<'signaling' | 'iceConnection' | 'connection' | 'iceGathering' | 'dtls', StateChange[]>;
  finalState: Record<string, string | null>;
  connected: boolean;
  failed: boolean;
  hasStatistics: boolean;
  disconnections: number;
  iceRestarts: number;
  timings: Record<string, number | null>;
  negotiations: {
    initiator: string;
    startedAt: number | null;
    completedAt: number | null;
    durationMs: number | null;
    iceRestart: boolean;
    error?: string;
  }[];
  apiErrors: { method: string; error: string; at: number | null }[];
  candidates: Record<'local' | 'remote', Record<string, number | Record<string, number>>>;
  iceCandidateErrors: {
    url: string | null;
    address: string | null;
    port: number | null;
    errorCode: number | null;
    errorText: string | null;
    at: number | null;
  }[];
  selectedPairs: { at: number; pairId: string; local: Candidate | null; remote: Candidate | null }[];
  dtls: Record<string, string | null> | null;
  roundTripTimeMs: Distribution | null;
  series: Series;
}

export interface Stream {
  pid: string;
  sid: string;
  kind: 'audio' | 'video' | 'data';
  direction: 'inbound' | 'outbound' | 'both';
  ssrc: number | null;
  codec: { mimeType: string } | null;
  contentType: string | null;
  durationMs: number;
  packets: number | null;
  packetsLost: number | null;
  packetLossPercent: number | null;
  bitrateKbps: Distribution | null;
  jitterMs: Distribution | null;
  roundTripTimeMs: Distribution | null;
  data: { label: string | null } | null;
  series: Series;
}

export interface CandidatePair {
  id: string;
  state: string | null;
  nominated: boolean;
  selected: boolean;
  local: Candidate | null;
  remote: Candidate | null;
  bytesSent: number | null;
  bytesReceived: number | null;
  roundTripTimeMs: Distribution | null;
}

export interface Observation {
  type: string;
  severity: Severity;
  category: string;
  tags: string[];
  source: { pid?: string; sid?: string; cpid?: string; did?: string; rid?: string; ssrcId?: number };
  firstSeenAt: number | null;
  indicators: Record<string, unknown>;
  meaning: string;
  side?: 'network' | 'local' | 'remote';
  direction?: 'inbound' | 'outbound';
  kind?: 'audio' | 'video';
  trackId?: string;
  episodes?: { start: number; end: number; peak?: number; peakAt?: number }[];
  cause?: { family: string; symptoms: string[] };
  explainedBy?: string;
}

/** One line of the call's story (the payload's whatHappened, told by src/causes/story.ts). */
export interface StoryLine {
  at: string;
  atMs: number | null;
  severity: Severity;
  type: string;
  /** Index of the observation it tells in `observations`. */
  observation: number;
  text: string;
}

export interface MediaRequest {
  api: string;
  at: number | null;
  outcome: string;
  completedAt: number | null;
  error: string | null;
  tracks: { kind: string; label: string }[];
}

export interface SessionData {
  id: string;
  title: string;
  callStart: string | null;
  callEnd: string | null;
  durationMs: number;
  created_at: string | null;
  fileName: string | null;
  fileSize: number;
  public_link: string | null;
  publicUrl: string | null;
  connectivity: string;
  userAgentData: {
    browser?: string | null;
    version?: string | null;
    os?: string | null;
    osVersion?: string | null;
  };
  pConnections: Record<string, PeerConnection>;
  streams: Record<string, Stream>;
  transports: Record<string, { candidatePairs: CandidatePair[] }>;
  metadata: { format: string; mediaRequests: MediaRequest[]; warnings: string[] };
  experienceScore: number;
  audioScore: number | null;
  videoScore: number | null;
  connectivityScore: number | null;
  observationsScore: number;
  observations: Observation[];
  whatHappened: StoryLine[];
  /** A model's written summary of the story, when the service asks one (CALLSCOPE_AI_URL). */
  aiSummary?: string | null;
  observationsCount: Record<Severity, number>;
}

export interface SessionResponse {
  data: SessionData;
  processorVersion: string;
  callscopeId?: string;
  callscopeUrl?: string;
  embedUrl?: string;
}

/** Where the session page gets its data and what it may do. */
export interface ViewMode {
  kind: 'owner' | 'share' | 'embed';
  /** Base of observation explanations: `${base}${type}`. */
  explainBase: string;
}
