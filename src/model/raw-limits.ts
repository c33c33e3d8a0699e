/**
 * Bounds of the raw stats explorer's replies (model/api/raw-stats.ts), apart from their schemas:
 * what one reply may carry. The analysis worker reads them, and loads no schema library.
 */
export const RAW_LIMITS = {
  /** Points per series after downsampling: the default and the most a request may ask for. */
  defaultPoints: 600,
  maxPoints: 4000,
  minPoints: 10,
  /** Series in one request. */
  maxSeries: 12,
  /** Events per page: the default and the most a page may ask for. */
  defaultEvents: 100,
  maxEvents: 500,
  /** Characters of an event's value (as JSON text) and of one SDP kept in a reply. */
  maxValueChars: 2000,
  maxSdpChars: 65_536,
  /** Characters of a page of events beyond which it ends early (nextOffset goes on from there). */
  maxPageChars: 1_048_576,
} as const;
