export * from './analyze-response-data.js';
export * from './common.js';
export * from './metadata.js';
export * from './observation.js';
export * from './peer-connection-summary.js';
export * from './stream-summary.js';
export * from './transport-summary.js';
export * from './user-agent-data.js';
