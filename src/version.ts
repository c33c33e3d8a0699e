/**
 * Version of the analysis engine (semver). A stored session analyzed by an older major version is
 * analyzed again when read. Bump the major when payloads, observations or scores change meaning;
 * the patch when a fix changes some figures without changing what they mean (1.0.1: legacy -1
 * delays, DTLS failures, disconnections, encoder frame rates, setup times of answering connections,
 * failed network probes beside a call).
 */
export const PROCESSOR_VERSION = '1.0.1';

/** Date of the last change to the observation explanations (their `updatedAt`). */
export const CATALOG_UPDATED_AT = '2026-11-25';
