import { describe, expect, it } from 'vitest';
import { settingsHelp } from './config.js';
import { SETTINGS, type Setting } from './settings.js';

describe('settingsHelp', () => {
  it('lists the allowed values of every enumerated setting under its name', () => {
    const help = settingsHelp();
    const enumerated = (SETTINGS as readonly Setting[]).filter((s) => s.values);
    expect(enumerated.map((s) => s.env)).toEqual(
      expect.arrayContaining(['CALLSCOPE_BLOB_STORE', 'CALLSCOPE_LOG_LEVEL']),
    );
    // An entry: the line that names the setting, then its lines indented further.
    const entries = help.split(/\n(?= {2}\S)/);
    for (const s of enumerated) {
      const entry = entries.find((e) => e.split('\n')[0]!.trim().split(' / ').includes(s.env));
      expect(entry, s.env).toContain(`\n      One of ${s.values!.join(', ')}.`);
    }
  });
});
