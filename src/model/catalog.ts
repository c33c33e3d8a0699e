import Type from 'typebox';
import { Severity, Tag } from './payload/observation.js';

/** One row of `GET /v1.0/observations`: every type the engine can emit. */
export const ObservationCatalogEntry = Type.Object({
  type: Type.String(),
  title: Type.String(),
  severities: Type.Array(Severity, {
    description: 'Every severity this type can carry, worst first (named as on the single-type page).',
  }),
  tags: Type.Array(Tag),
});
export type ObservationCatalogEntry = Type.Static<typeof ObservationCatalogEntry>;

export const ObservationCatalog = Type.Object({
  total: Type.Integer(),
  data: Type.Array(ObservationCatalogEntry, { description: 'Sorted by type.' }),
});
export type ObservationCatalog = Type.Static<typeof ObservationCatalog>;

/** `GET /v1.0/observations/{type}`: what a type means, how it is judged and what to do. */
export const ObservationExplanation = Type.Object({
  type: Type.String(),
  title: Type.String(),
  description: Type.String(),
  severities: Type.Array(Severity),
  tags: Type.Array(Tag),
  updatedAt: Type.String({ description: 'ISO 8601 date of the last change to this explanation.' }),
  sections: Type.Array(Type.Object({ heading: Type.String(), markdown: Type.String() })),
  related: Type.Array(Type.Object({ type: Type.String(), title: Type.String() })),
});
export type ObservationExplanation = Type.Static<typeof ObservationExplanation>;
