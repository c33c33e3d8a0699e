import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote } from './shell-quote.js';

describe('shellQuote', () => {
  it('leaves a word the shell keeps whole as it is', () => {
    expect(shellQuote('/srv/callscope/data')).toBe('/srv/callscope/data');
    expect(shellQuote('./data')).toBe('./data');
  });

  it('single-quotes anything else, the single quote itself written as quote, escaped quote, quote', () => {
    expect(shellQuote('/srv/my data')).toBe("'/srv/my data'");
    expect(shellQuote("/srv/team's data")).toBe("'/srv/team'\\''s data'");
    expect(shellQuote('/srv/$HOME/`x`')).toBe("'/srv/$HOME/`x`'");
    expect(shellQuote('')).toBe("''");
  });

  it('gives back to a shell exactly the text it quoted', () => {
    for (const text of ['/srv/my data', "it's", 'a"b', '$HOME `x` \\ * ?', "''", 'tab\there', ''])
      expect(execFileSync('sh', ['-c', `printf %s ${shellQuote(text)}`], { encoding: 'utf8' })).toBe(text);
  });
});
