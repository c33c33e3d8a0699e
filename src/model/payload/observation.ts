import Type from 'typebox';
import type * as Terms from '../observation-terms.js';
import { Nullable } from './common.js';

export {
  CATEGORIES,
  CAUSE_FAMILIES,
  MEASUREMENT_FIELDS,
  SEVERITIES,
  SIDES,
  TAGS,
} from '../observation-terms.js';

/** The schemas of the vocabularies: the literals of observation-terms.ts (a test checks they agree). */
export type Severity = Terms.Severity;
export const Severity = Type.Union([
  Type.Literal('critical'),
  Type.Literal('high'),
  Type.Literal('medium'),
  Type.Literal('low'),
  Type.Literal('info'),
]);
export type Tag = Terms.Tag;
export const Tag = Type.Union([
  Type.Literal('connectivity'),
  Type.Literal('security'),
  Type.Literal('audio'),
  Type.Literal('video'),
  Type.Literal('datachannel'),
  Type.Literal('outbound'),
  Type.Literal('inbound'),
  Type.Literal('peripheral'),
  Type.Literal('behavior'),
  Type.Literal('network'),
  Type.Literal('configuration'),
  Type.Literal('cpu'),
  Type.Literal('bug'),
]);
export type Category = Terms.Category;
export const Category = Type.Union([
  Type.Literal('connections'),
  Type.Literal('pairs'),
  Type.Literal('streams'),
  Type.Literal('datachannels'),
  Type.Literal('devices'),
  Type.Literal('logs'),
]);

export const ObservationSource = Type.Object(
  {
    pid: Type.Optional(Type.String()),
    sid: Type.Optional(Type.String()),
    cpid: Type.Optional(Type.String()),
    did: Type.Optional(Type.String()),
    rid: Type.Optional(Type.String()),
    timestamp: Type.Optional(Type.Integer()),
    ssrcId: Type.Optional(Type.Integer()),
    labelId: Type.Optional(Type.String()),
  },
  { description: 'Where the observation was made; which keys are set depends on the category.' },
);

export type Side = Terms.Side;
export const Side = Type.Union([Type.Literal('network'), Type.Literal('local'), Type.Literal('remote')], {
  description:
    'Where the cause lies: the network path, this client (the side that recorded the dump), or the remote side.',
});
export type CauseFamily = Terms.CauseFamily;
export const CauseFamily = Type.Union(
  [Type.Literal('network'), Type.Literal('application'), Type.Literal('device'), Type.Literal('remote')],
  { description: 'The kind of cause.' },
);

export const Episode = Type.Object(
  {
    start: Type.Integer({ description: 'Onset of the sustained stretch, epoch ms.' }),
    end: Type.Integer({
      description: 'End of the stretch, epoch ms (the last sample when it lasted to the end).',
    }),
    peak: Type.Optional(Type.Number({ description: 'The worst value measured in the stretch.' })),
    peakAt: Type.Optional(Type.Integer({ description: 'When the worst value was measured, epoch ms.' })),
  },
  { description: 'One sustained stretch of a time-based finding (brief blips are not episodes).' },
);
export type Episode = Type.Static<typeof Episode>;

export const ObservationCause = Type.Object(
  {
    family: CauseFamily,
    symptoms: Type.Array(Type.String(), {
      description: 'Types of the observations this cause explains (each carries explainedBy).',
    }),
  },
  { description: 'Present when the observation is a cause: what kind, and the symptoms it explains.' },
);

export const Observation = Type.Object({
  type: Type.String(),
  severity: Severity,
  category: Category,
  tags: Type.Array(Tag),
  source: ObservationSource,
  firstSeenAt: Nullable(Type.Integer()),
  indicators: Type.Record(Type.String(), Type.Unknown()),
  meaning: Type.String(),
  url: Type.Optional(Type.String()),
  property: Type.Optional(Type.String()),
  valueInCount: Type.Optional(Type.Number()),
  valueInPercent: Type.Optional(Type.Number()),
  averageInMs: Type.Optional(Type.Number()),
  maxInMs: Type.Optional(Type.Number()),
  durationInMs: Type.Optional(Type.Number()),
  durationInSeconds: Type.Optional(Type.Number()),
  durationInPercent: Type.Optional(Type.Number()),
  /** Extensions: the story of the call (see docs/observations). */
  side: Type.Optional(Side),
  direction: Type.Optional(
    Type.Union([Type.Literal('inbound'), Type.Literal('outbound')], {
      description: 'inbound: media or packets coming to this client; outbound: going from it.',
    }),
  ),
  kind: Type.Optional(Type.Union([Type.Literal('audio'), Type.Literal('video')])),
  trackId: Type.Optional(Type.String({ description: 'The MediaStreamTrack concerned, when known.' })),
  episodes: Type.Optional(Type.Array(Episode)),
  cause: Type.Optional(ObservationCause),
  explainedBy: Type.Optional(
    Type.String({
      description: 'Type of the cause observation that explains this one; its severity is then at most low.',
    }),
  ),
});
export type Observation = Type.Static<typeof Observation>;

export const ObservationsCount = Type.Object({
  critical: Type.Integer(),
  high: Type.Integer(),
  medium: Type.Integer(),
  low: Type.Integer(),
  info: Type.Integer(),
});
export type ObservationsCount = Type.Static<typeof ObservationsCount>;

export const TagCloud = Type.Object({
  tag: Tag,
  total: Type.Integer(),
  severity: Type.Optional(Severity),
});
