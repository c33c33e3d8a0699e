/**
 * Version of the analysis engine (semver). A stored session analyzed by an older major version is
 * analyzed again when read. Bump the major when payloads, observations or scores change meaning;
 * the minor when fixes change figures or severities without changing what a field or type means.
 * Sessions stored by an older minor keep their results (and list filters) until analyzed again.
 * 1.1.0: legacy -1 delays, DTLS failures, disconnections, encoder frame rates, setup times of
 * answering connections; failed network probes beside a call are medium, not critical.
 * 1.2.0: the video score does not judge the frame rate of screen share; a connection whose log
 * missed its `connected` state is up when its DTLS state or its stats show the handshake done.
 */
export const PROCESSOR_VERSION = '1.2.0';

/** Date of the last change to the observation explanations (their `updatedAt`). */
export const CATALOG_UPDATED_AT = '2026-11-25';
