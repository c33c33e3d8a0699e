import { describe, expect, it } from 'vitest';
import { unknownSettings } from './unknown-settings.js';

describe('unknownSettings', () => {
  it('names CALLSCOPE_* variables that are not settings, with the closest one', () => {
    expect(
      unknownSettings({
        CALLSCOPE_WORKER: '4',
        CALLSCOPE_SHUTDOWN_GRACE: '1000',
        CALLSCOPE_WORKERS: '2',
        CALLSCOPE_SOMETHING_ELSE_ENTIRELY: 'x',
        PATH: '/usr/bin',
      }),
    ).toEqual([
      'CALLSCOPE_SHUTDOWN_GRACE is not a setting (did you mean CALLSCOPE_SHUTDOWN_GRACE_MS?): it is ignored',
      'CALLSCOPE_SOMETHING_ELSE_ENTIRELY is not a setting: it is ignored',
      'CALLSCOPE_WORKER is not a setting (did you mean CALLSCOPE_WORKERS?): it is ignored',
    ]);
  });

  it('says nothing about the settings themselves', () => {
    expect(unknownSettings({ CALLSCOPE_PORT: '1', CALLSCOPE_JWT_SECRET: 'x'.repeat(32) })).toEqual([]);
  });
});
