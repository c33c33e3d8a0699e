import Type from 'typebox';
import { SORT_ORDERS } from '../../service/list-extensions.js';
import { SESSION_SORTS } from '../../storage/index.js';

/** A day (00:00 UTC) or an ISO 8601 date-time with its offset, in the ranges Date.parse takes. */
const INSTANT =
  '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])(T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,3})?)?(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9]))?$';
export const Instant = (description: string) =>
  Type.Optional(
    Type.String({
      maxLength: 40,
      pattern: INSTANT,
      description: `${description} YYYY-MM-DD (00:00 UTC) or an ISO 8601 date-time with its offset.`,
    }),
  );

/** GET /sessions' own extensions (service/list-extensions.ts). */
export const LIST_EXTENSION_PARAMETERS = {
  from: Instant('Extension: call start at or after this (sessions without a call start are left out).'),
  to: Instant('Extension: call start before this.'),
  connectivity: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Extension: exact connectivity, as insights group by it: DIRECT/UDP, RELAY/TLS…',
    }),
  ),
  sort: Type.Optional(
    Type.Union(
      SESSION_SORTS.map((v) => Type.Literal(v)),
      {
        description:
          'Extension: order by creation (default), call start or experience score; sessions without the value come last; ties by id.',
      },
    ),
  ),
  order: Type.Optional(
    Type.Union(
      SORT_ORDERS.map((v) => Type.Literal(v)),
      { description: 'Extension: asc or desc (default).' },
    ),
  ),
};
