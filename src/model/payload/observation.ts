import Type from 'typebox';
import type * as Terms from '../observation-terms.js';
import { Nullable } from './common.js';

export { CATEGORIES, MEASUREMENT_FIELDS, SEVERITIES, TAGS } from '../observation-terms.js';

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
