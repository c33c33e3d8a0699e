/**
 * The closed vocabularies of an observation, as plain constants. They live apart from the TypeBox
 * schemas (payload/observation.ts builds its schemas from the same lists) so that the analysis
 * core, its worker threads and the CLI read them without loading the schema library, which is
 * hundreds of modules and more than a third of a CLI analysis' start-up.
 */
export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const TAGS = [
  'connectivity',
  'security',
  'audio',
  'video',
  'datachannel',
  'outbound',
  'inbound',
  'peripheral',
  'behavior',
  'network',
  'configuration',
  'cpu',
  'bug',
] as const;
export type Tag = (typeof TAGS)[number];

export const CATEGORIES = ['connections', 'pairs', 'streams', 'datachannels', 'devices', 'logs'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Measurement fields an observation may carry (all optional, finite when present). */
export const MEASUREMENT_FIELDS = [
  'valueInCount',
  'valueInPercent',
  'averageInMs',
  'maxInMs',
  'durationInMs',
  'durationInSeconds',
  'durationInPercent',
] as const;

/**
 * Where a cause lies: the network path between the two sides, this client (its app, device or
 * sending tracks: the dump's own side), or the remote side (what it sent or stopped sending).
 */
export const SIDES = ['network', 'local', 'remote'] as const;
export type Side = (typeof SIDES)[number];

/**
 * What kind of cause an observation reports: the network path, the application (what the app did to
 * its tracks and connections on purpose), the device (CPU, camera, microphone), the remote side.
 */
export const CAUSE_FAMILIES = ['network', 'application', 'device', 'remote'] as const;
export type CauseFamily = (typeof CAUSE_FAMILIES)[number];
