/** One setting of the service: its environment variable, its `serve` flag, its default and what it does. */

export type SettingType = 'string' | 'integer' | 'bytes' | 'boolean' | 'url' | 'list';

export interface Setting {
  key: string;
  env: string;
  flag?: string;
  type: SettingType;
  default?: string;
  description: string;
  /** Allowed values, for enumerations. */
  values?: readonly string[];
  min?: number;
  max?: number;
}
