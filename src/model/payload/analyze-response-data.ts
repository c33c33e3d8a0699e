import Type from 'typebox';
import { Nullable } from './common.js';
import { Metadata } from './metadata.js';
import { Observation, ObservationsCount, TagCloud } from './observation.js';
import { PeerConnectionSummary } from './peer-connection-summary.js';
import { StoryLine } from './story-line.js';
import { StreamSummary } from './stream-summary.js';
import { TransportSummary } from './transport-summary.js';
import { UserAgentData } from './user-agent-data.js';

export const Features = Type.Record(
  Type.String(),
  Type.Union([Type.Boolean(), Type.Number(), Type.String(), Type.Null()]),
  {
    description: 'Flags and values about devices, network and capabilities.',
  },
);

/** The session payload of the specification (AnalyzeResponseData). */
export const AnalyzeResponseData = Type.Object(
  {
    callStart: Nullable(Type.String({ format: 'date-time', description: 'First observed call activity.' })),
    callEnd: Nullable(Type.String({ format: 'date-time', description: 'Last observed call activity.' })),
    durationMs: Type.Integer(),
    userAgentData: UserAgentData,
    pConnectionsNumber: Type.Integer(),
    pConnections: Type.Record(Type.String(), PeerConnectionSummary),
    streams: Type.Record(Type.String(), StreamSummary, {
      description: 'Keyed "<peer connection id>-<stats id>".',
    }),
    transports: Type.Record(Type.String(), TransportSummary, { description: 'Keyed by peer connection id.' }),
    aggregatedStats: Type.Record(Type.String(), Type.Number(), {
      description:
        '`<metric>_<scope>_<agg>_<unit>`: jitter|rtt|bitrate|packetLoss|mos × in_audio|out_audio|in_video|out_video × avg|min|max|p5|p95|stddev.',
    }),
    metadata: Metadata,
    connectivity: Type.String({
      description: 'DIRECT/UDP, DIRECT/TCP, RELAY/UDP, RELAY/TCP, RELAY/TLS, or NONE.',
    }),
    title: Type.String(),
    fileName: Nullable(Type.String()),
    fileSize: Type.Integer(),
    experienceScore: Type.Number({
      minimum: 0,
      maximum: 100,
      description: '0 when there is no media data to score.',
    }),
    audioScore: Nullable(
      Type.Number({ minimum: 1, maximum: 5, description: 'null when there is no audio stream.' }),
    ),
    videoScore: Nullable(
      Type.Number({ minimum: 1, maximum: 5, description: 'null when there is no video stream.' }),
    ),
    connectivityScore: Nullable(
      Type.Number({ minimum: 1, maximum: 5, description: 'null when no connection tried ICE.' }),
    ),
    observationsScore: Type.Integer({ minimum: 0, maximum: 40, description: '40 minus severity penalties.' }),
    tagClouds: Type.Array(TagCloud),
    id: Type.String({ format: 'uuid' }),
    created_at: Nullable(Type.String({ format: 'date-time' })),
    uploaded_by: Nullable(Type.String({ format: 'uuid' })),
    uploaded_by_email: Nullable(Type.String({ format: 'email' })),
    public_link: Nullable(Type.String()),
    /** Extension: the page public_link opens, for a person to follow. */
    publicUrl: Nullable(
      Type.String({
        format: 'uri',
        description: 'Extension: the read-only page public_link opens; null when not shared.',
      }),
    ),
    description: Nullable(Type.String()),
    tags: Type.Array(Type.String()),
    observations: Type.Array(Observation),
    /** Extension: the call's story, told from the observations (src/causes/story.ts). */
    whatHappened: Type.Array(StoryLine, {
      description:
        "What happened, first: the causes of the call's problems in time order (and the problems at medium or above that no cause explains), each with what it did to the call. Empty when nothing went wrong.",
    }),
    features: Features,
    observationsCount: ObservationsCount,
    aiSummary: Nullable(Type.String()),
  },
  { description: 'Session payload: summary, connections, streams, observations and scores.' },
);
export type AnalyzeResponseData = Type.Static<typeof AnalyzeResponseData>;
