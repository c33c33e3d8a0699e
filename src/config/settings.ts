/**
 * Every setting of the service: its environment variable, its `serve` flag, its default and what it
 * does. The parser, `callscope serve --help` and docs/operations.md all read this table.
 */

import { AI_SETTINGS } from './settings/ai.js';
import { ANALYSIS_SETTINGS } from './settings/analysis.js';
import { COLLECT_SETTINGS } from './settings/collect.js';
import { OPERATIONS_SETTINGS } from './settings/operations.js';
import { SERVICE_SETTINGS } from './settings/service.js';
import { WEBHOOK_SETTINGS } from './settings/webhooks.js';

export type { Setting, SettingType } from './setting.js';

/** In this order in `callscope serve --help` and docs/operations.md. */
export const SETTINGS = [
  ...SERVICE_SETTINGS,
  ...ANALYSIS_SETTINGS,
  ...OPERATIONS_SETTINGS,
  ...COLLECT_SETTINGS,
  ...AI_SETTINGS,
  ...WEBHOOK_SETTINGS,
] as const;

export type SettingKey = (typeof SETTINGS)[number]['key'];
