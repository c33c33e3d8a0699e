import { describe, expect, it } from 'vitest';
import { storageOption } from './storage-option.js';

describe('storageOption', () => {
  const url = 'postgres://callscope:secret@db:5432/callscope';

  it('names the data directory of an embedded database', () => {
    expect(storageOption({ databaseUrl: undefined, dataDir: '/srv/callscope' }, {})).toBe(
      ' --data /srv/callscope',
    );
  });

  it('quotes a data directory the shell would split or expand', () => {
    expect(storageOption({ databaseUrl: undefined, dataDir: "/srv/team's data" }, {})).toBe(
      " --data '/srv/team'\\''s data'",
    );
  });

  it('leaves a database URL from CALLSCOPE_DATABASE_URL to the environment', () => {
    expect(storageOption({ databaseUrl: url, dataDir: './data' }, { CALLSCOPE_DATABASE_URL: url })).toBe('');
  });

  it('asks for a database URL given as a flag, which the command would otherwise miss', () => {
    const option = storageOption({ databaseUrl: url, dataDir: './data' }, {});
    expect(option).toBe(' --database-url <the URL given to serve>');
    expect(option).not.toContain('secret');
  });
});
