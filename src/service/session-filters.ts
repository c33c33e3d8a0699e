import { DETECTORS } from '../detectors/index.js';
import { TAGS } from '../model/observation-terms.js';
import type { SessionFilters } from '../storage/index.js';
import { ApiError } from './api-error.js';

/** Filters of GET /v1.0/sessions and of the MCP list_sessions tool, as received. */
export interface ListQuery {
  name?: string | string[];
  fileName?: string | string[];
  observationTags?: string | string[];
  observationFlags?: string | string[];
  os?: string;
  browser?: string;
  browserVersion?: string;
  userId?: string;
  conferenceId?: string;
  sessionId?: string;
  hasCritical?: boolean | string;
  hasHigh?: boolean | string;
  hasMedium?: boolean | string;
  hasLowScore?: boolean | string;
  hasMediumScore?: boolean | string;
  hasHighScore?: boolean | string;
  limit?: number | string;
  page?: number | string;
}

/** Filters that take one exact text. */
export const TEXT_FILTERS = [
  'os',
  'browser',
  'browserVersion',
  'userId',
  'conferenceId',
  'sessionId',
] as const;
/** Filters that take true or false. */
export const FLAG_FILTERS = [
  'hasCritical',
  'hasHigh',
  'hasMedium',
  'hasLowScore',
  'hasMediumScore',
  'hasHighScore',
] as const;

/** Defaults and limits of the list filters; the MCP tool's schema states the same limits. */
export const LIST_DEFAULTS = {
  limit: 100,
  page: 1,
  maxLimit: 1000,
  maxPage: 1_000_000,
  maxValues: 20,
  maxValueLength: 200,
} as const;

/**
 * One value of a text list filter of the REST query (name, fileName, observationFlags), as the
 * OpenAPI document states it: a character other than a space or a comma somewhere. Values are
 * trimmed, and commas separate them.
 */
export const LIST_VALUE_PATTERN = '^\\s*[^\\s,][^,]*$';

/** The observation types this processor emits, sorted. */
export const OBSERVATION_TYPES: readonly string[] = DETECTORS.map((d) => d.meta.type);

/** Each known type under its lower-case spelling, to name the one a mis-cased value meant. */
const TYPE_BY_LOWER_CASE = new Map(OBSERVATION_TYPES.map((t) => [t.toLowerCase(), t]));

const FLAGS_TEXT = 'Sessions with a critical, high or medium observation of ANY of these types';

/**
 * The MCP tool's observationFlags text. It listed the 95 types once (2.4 KB); tools/list must stay
 * under 12 KB, so it names where an agent finds them: each session's abstract has its types.
 */
export const OBSERVATION_FLAGS_TOOL_TEXT = `${FLAGS_TEXT}, spelled exactly as the abstracts' observationFlags show them (e.g. iceFailure, networkLossIn); get_observation_explanation explains one.`;

/**
 * What each filter means, for the REST parameters and the MCP tool alike. Values are matched as
 * the session list shows them: os, browser and the ids exactly, case included.
 */
export const FILTER_TEXT = {
  name: 'Title contains ANY of these substrings (case-insensitive).',
  fileName: 'Extension: the stored file name contains ANY of these substrings (case-insensitive).',
  observationTags: 'Sessions with a critical, high or medium observation carrying ANY of these tags.',
  observationFlags: `${FLAGS_TEXT} (the observation catalog lists them).`,
  os: 'Exact OS, case included, as the list shows it: macOS, Windows, Linux, Android, iPhone, iPad…',
  browser: 'Exact browser, case included, as the list shows it: Chrome, Chromium, Safari, Firefox, Edge…',
  browserVersion: 'Exact major version.',
  userId: 'The user id the dump carries (exact).',
  conferenceId: 'The conference id the dump carries (exact).',
  sessionId: "The application's own session id carried by the dump (exact).",
  hasCritical: 'At least one critical observation (false: none).',
  hasHigh: 'At least one high observation.',
  hasMedium: 'At least one medium observation.',
  hasLowScore: 'Experience score below 60.',
  hasMediumScore: 'Experience score 60 to 79.',
  hasHighScore: 'Experience score 80 or more.',
} as const satisfies Partial<Record<keyof ListQuery, string>>;

/**
 * Where the filters come from: a REST query string, whose arrays come repeated or comma-separated
 * (reference.md), or the MCP tool's typed arguments, whose arrays are already lists.
 */
export type ListQueryForm = 'query' | 'arguments';

/**
 * The values of an array filter. Commas separate values of a query string; in typed arguments a
 * value is taken as given, since a title substring may hold a comma. Tags and observation types
 * never hold one, so theirs are separators in either form (`split`).
 */
function list(name: string, value: string | string[] | undefined, split: boolean): string[] | undefined {
  if (value === undefined) return undefined;
  const values = (Array.isArray(value) ? value : [value])
    .flatMap((v) => (split ? v.split(',').map((part) => part.trim()) : [v]))
    .filter((v) => v !== '');
  if (values.length === 0) throw new ApiError('invalid_request', `${name} needs at least one value.`);
  if (values.length > LIST_DEFAULTS.maxValues)
    throw new ApiError('invalid_request', `${name} takes at most ${LIST_DEFAULTS.maxValues} values.`);
  for (const v of values)
    if (v.length > LIST_DEFAULTS.maxValueLength)
      throw new ApiError(
        'invalid_request',
        `${name}: a value is longer than ${LIST_DEFAULTS.maxValueLength} characters.`,
      );
  return [...new Set(values)];
}

/**
 * Types are case-sensitive. One this processor does not emit is accepted (sessions analyzed by
 * another version may carry it), but a known one in other cases is a typo that would match nothing.
 */
function observationTypes(values: string[] | undefined): string[] | undefined {
  for (const value of values ?? []) {
    const known = TYPE_BY_LOWER_CASE.get(value.toLowerCase());
    if (known !== undefined && known !== value)
      throw new ApiError('invalid_request', `Unknown observation type ${value}; did you mean ${known}?`);
  }
  return values;
}

function bool(name: string, value: boolean | string | undefined): boolean | undefined {
  if (value === undefined || typeof value === 'boolean') return value;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ApiError('invalid_request', `${name} must be true or false.`);
}

function int(
  name: string,
  value: number | string | undefined,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  const n = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ApiError('invalid_request', `${name} must be a whole number from ${min} to ${max}.`);
  return n;
}

function text(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.length === 0 || value.length > LIST_DEFAULTS.maxValueLength)
    throw new ApiError('invalid_request', `${name} must be 1 to ${LIST_DEFAULTS.maxValueLength} characters.`);
  return value;
}

export function parseListQuery(
  q: ListQuery,
  form: ListQueryForm = 'query',
): {
  filters: SessionFilters;
  paging: { limit: number; page: number };
} {
  const tags = list('observationTags', q.observationTags, true);
  const unknown = tags?.filter((t) => !(TAGS as readonly string[]).includes(t));
  if (unknown?.length)
    throw new ApiError(
      'invalid_request',
      `Unknown observationTags ${unknown.join(', ')}; valid tags: ${TAGS.join(', ')}.`,
    );
  const filters: SessionFilters = {};
  const set = <K extends keyof SessionFilters>(k: K, v: SessionFilters[K] | undefined) => {
    if (v !== undefined) filters[k] = v;
  };
  set('name', list('name', q.name, form === 'query'));
  set('fileName', list('fileName', q.fileName, form === 'query'));
  set('observationTags', tags);
  set('observationFlags', observationTypes(list('observationFlags', q.observationFlags, true)));
  for (const k of TEXT_FILTERS) set(k, text(k, q[k]));
  for (const k of FLAG_FILTERS) set(k, bool(k, q[k]));
  return {
    filters,
    paging: {
      limit: int('limit', q.limit, 1, LIST_DEFAULTS.maxLimit, LIST_DEFAULTS.limit),
      page: int('page', q.page, 1, LIST_DEFAULTS.maxPage, LIST_DEFAULTS.page),
    },
  };
}
