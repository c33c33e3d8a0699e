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
