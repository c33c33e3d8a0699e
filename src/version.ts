/**
 * Version of the analysis engine (semver). A stored session analyzed by an older major version is
 * analyzed again when read. Bump the major when payloads, observations or scores change meaning.
 */
export const PROCESSOR_VERSION = '1.0.0';

/** Date of the last change to the observation explanations (their `updatedAt`). */
export const CATALOG_UPDATED_AT = '2026-11-21';
