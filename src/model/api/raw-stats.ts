import Type from 'typebox';
import { EpochMs, Nullable } from '../payload/common.js';
import { RAW_LIMITS } from '../raw-limits.js';

/**
 * The raw stats explorer's replies (GET /sessions/{id}/raw-stats, .../raw-stats/series, .../events):
 * every report and attribute a stored dump carries, read from the dump itself on request rather
 * than kept in the session payload.
 */

export { RAW_LIMITS };

export const RawAttribute = Type.Object(
  {
    name: Type.String(),
    numeric: Type.Boolean({
      description: 'Every recorded value is a number (or a numeric string or boolean): it can be plotted.',
    }),
    samples: Type.Integer({ description: 'Samples where the attribute was recorded.' }),
  },
  { additionalProperties: false },
);

export const RawReport = Type.Object(
  {
    id: Type.String({ description: 'The stats id.' }),
    type: Type.String({ description: 'RTCStatsType (inbound-rtp, candidate-pair, ...).' }),
    samples: Type.Integer(),
    start: Nullable(EpochMs),
    end: Nullable(EpochMs),
    attributes: Type.Array(RawAttribute),
  },
  { additionalProperties: false },
);

export const RawConnection = Type.Object(
  {
    id: Type.String({ description: 'The peer connection id as the dump names it.' }),
    url: Nullable(Type.String()),
    events: Type.Integer({ description: 'Entries of its event log.' }),
    reports: Type.Array(RawReport),
  },
  { additionalProperties: false },
);

export const RawStatsIndex = Type.Object(
  {
    format: Type.String({ description: 'The dump format.' }),
    clientEvents: Type.Integer({ description: 'Client-level events (getUserMedia, devices, tracks).' }),
    connections: Type.Array(RawConnection),
  },
  { additionalProperties: false },
);

export const SeriesKind = Type.Union([Type.Literal('value'), Type.Literal('rate')], {
  description: 'value: as recorded; rate: change per second between successive samples.',
});

const List = <T extends Type.TSchema>(item: T, description: string) =>
  Type.Array(item, {
    minItems: 1,
    maxItems: RAW_LIMITS.maxSeries,
    description: `${description} Comma-separated (the parameter may also be repeated); at most ${RAW_LIMITS.maxSeries} values.`,
  });
const Name = Type.String({ minLength: 1, maxLength: 1000 });

/**
 * Query of GET .../raw-stats/series: the n-th connection, report, attribute and kind make the n-th
 * series; a list shorter than the longest goes on with its last value.
 */
export const RawSeriesQuery = Type.Object(
  {
    connection: List(Name, 'The connection of each series.'),
    report: List(Name, 'The stats id of each series.'),
    attribute: List(Name, 'The attribute of each series.'),
    kind: Type.Optional(List(SeriesKind, 'value or rate, per series (default value).')),
    maxPoints: Type.Optional(
      Type.Integer({
        minimum: RAW_LIMITS.minPoints,
        maximum: RAW_LIMITS.maxPoints,
        default: RAW_LIMITS.defaultPoints,
        description:
          'Points per series at most: longer series are downsampled to the lowest and highest value of each time bucket.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const RawSeries = Type.Object(
  {
    connection: Type.String(),
    report: Type.String(),
    attribute: Type.String(),
    kind: SeriesKind,
    samples: Type.Integer({ description: 'Samples in the dump, before downsampling.' }),
    t: Type.Array(EpochMs),
    v: Type.Array(Nullable(Type.Number()), { description: 'Aligned to t; null where not recorded.' }),
  },
  { additionalProperties: false },
);

export const RawSeriesResponse = Type.Object(
  { maxPoints: Type.Integer(), series: Type.Array(RawSeries) },
  { additionalProperties: false },
);

export const RawEventsQuery = Type.Object(
  {
    connection: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1000,
        description: 'Only this connection\'s events ("client" for the client-level events).',
      }),
    ),
    only: Type.Optional(
      Type.Union([Type.Literal('sdp')], { description: 'sdp: only the events that carry a description.' }),
    ),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000, default: 0 })),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: RAW_LIMITS.maxEvents, default: RAW_LIMITS.defaultEvents }),
    ),
  },
  { additionalProperties: false },
);

export const RawEvent = Type.Object(
  {
    index: Type.Integer({ description: 'Position in the whole log (the offset of this event).' }),
    connection: Nullable(Type.String({ description: 'null: a client-level event.' })),
    timestamp: Nullable(EpochMs),
    type: Type.String(),
    value: Type.String({
      description: `The value as JSON text, cut at ${RAW_LIMITS.maxValueChars} characters.`,
    }),
    sdpType: Nullable(Type.String({ description: 'offer, answer, pranswer or rollback.' })),
    sdp: Nullable(
      Type.String({ description: `The description's SDP, cut at ${RAW_LIMITS.maxSdpChars} characters.` }),
    ),
  },
  { additionalProperties: false },
);

export const RawEventsResponse = Type.Object(
  {
    total: Type.Integer({ description: 'Events that match the query.' }),
    offset: Type.Integer(),
    nextOffset: Nullable(Type.Integer({ description: 'Where the next page starts; null after the last.' })),
    events: Type.Array(RawEvent),
  },
  { additionalProperties: false },
);

export type RawStatsIndex = Type.Static<typeof RawStatsIndex>;
export type RawConnection = Type.Static<typeof RawConnection>;
export type RawReport = Type.Static<typeof RawReport>;
export type RawSeriesQuery = Type.Static<typeof RawSeriesQuery>;
export type RawSeries = Type.Static<typeof RawSeries>;
export type RawSeriesResponse = Type.Static<typeof RawSeriesResponse>;
export type RawEventsQuery = Type.Static<typeof RawEventsQuery>;
export type RawEvent = Type.Static<typeof RawEvent>;
export type RawEventsResponse = Type.Static<typeof RawEventsResponse>;
export type SeriesKind = Type.Static<typeof SeriesKind>;
