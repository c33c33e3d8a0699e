import { createRequire } from 'node:module';
import { PROCESSOR_VERSION } from '../version.js';

/** The release of callscope (package.json), which is not the analysis engine's version. */
const PACKAGE_VERSION = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

/** `callscope 0.1.0 (processor 1.2.0)`: the release and the engine, as the CLI names them. */
export const RELEASE = `callscope ${PACKAGE_VERSION} (processor ${PROCESSOR_VERSION})`;
