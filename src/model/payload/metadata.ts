import Type from 'typebox';
import { EpochMs, Nullable } from './common.js';

export const MediaRequest = Type.Object({
  api: Type.Union([Type.Literal('getUserMedia'), Type.Literal('getDisplayMedia')]),
  at: Nullable(EpochMs),
  audio: Type.Unknown({
    description: 'Requested audio constraints: true, an object, or null when not requested.',
  }),
  video: Type.Unknown(),
  outcome: Type.Union([Type.Literal('success'), Type.Literal('failure'), Type.Literal('unknown')]),
  completedAt: Nullable(EpochMs),
  error: Nullable(Type.String({ description: 'Error name and message, on failure.' })),
  tracks: Type.Array(Type.Object({ kind: Type.String(), label: Type.String() })),
});

export const Metadata = Type.Object(
  {
    format: Type.String({
      description: 'webrtc-internals, chrome-rtcstats, rtcstats, rtcstats-legacy or jitsi-rtcstats.',
    }),
    fileFormat: Nullable(Type.Integer()),
    clientProtocol: Nullable(Type.String()),
    statsFormat: Nullable(Type.String()),
    compressed: Type.Boolean({ description: 'The dump was gzip-compressed.' }),
    textSizeBytes: Type.Integer({ description: 'Size of the dump text after decompression.' }),
    conferenceId: Nullable(Type.String()),
    sessionId: Nullable(Type.String()),
    userId: Nullable(Type.String()),
    identity: Type.Record(Type.String(), Type.Unknown(), {
      description: 'Other ids the application attached to the dump.',
    }),
    pageUrl: Nullable(Type.String()),
    origin: Nullable(Type.String()),
    updateLogEras: Type.Array(Type.String()),
    flags: Type.Object({
      statsTruncated: Type.Boolean(),
      lateOpenedSnapshot: Type.Boolean(),
      legacyStats: Type.Boolean(),
      eventTimesEstimated: Type.Boolean(),
    }),
    mediaRequests: Type.Array(MediaRequest),
    warnings: Type.Array(Type.String({ description: 'What was skipped or repaired while reading.' })),
    notApplicable: Type.Array(Type.String(), {
      description:
        'Observation types that could not be checked because the dump lacks what they need (e.g. no video, no device information).',
    }),
  },
  { description: 'How the dump was recorded, ids it carries, and reading notes.' },
);
export type Metadata = Type.Static<typeof Metadata>;
