import { describe, expect, it } from 'vitest';
import { invocation } from './invocation.js';

describe('invocation', () => {
  it('is callscope when run as the installed command', () => {
    expect(invocation('/usr/local/bin/callscope', '/home/me')).toBe('callscope');
    expect(invocation('/srv/app/node_modules/.bin/callscope', '/srv/app')).toBe('callscope');
  });

  it('is node with the script, relative to the working directory when inside it', () => {
    expect(invocation('/repo/dist/cli/main.js', '/repo')).toBe('node dist/cli/main.js');
    expect(invocation('/repo/dist/cli/main.js', '/elsewhere')).toBe('node /repo/dist/cli/main.js');
    expect(invocation('/my repo/dist/cli/main.js', '/tmp')).toBe("node '/my repo/dist/cli/main.js'");
    // In double quotes the shell would still expand $HOME.
    expect(invocation('/$HOME/dist/cli/main.js', '/tmp')).toBe("node '/$HOME/dist/cli/main.js'");
  });
});
