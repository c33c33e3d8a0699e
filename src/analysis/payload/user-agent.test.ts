import { describe, expect, it } from 'vitest';
import { withinHangBound } from '../../../test/support/hang-bound.js';
import { userAgentData } from './user-agent.js';

const SAFARI =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('userAgentData', () => {
  it('reads browser, OS and form factor from the user-agent string', () => {
    const ua = userAgentData({ userAgent: SAFARI });
    expect(ua).toMatchObject({ browser: 'Safari', version: '17.4', os: 'iPad', osVersion: '17.4' });
    expect(ua.platform).toBe('tablet');
    expect(ua.userAgent).toBe(SAFARI);
  });

  // A dump chooses its user-agent string: patterns that fail on a long one must not take minutes.
  it.each([
    ['Version/', 'Version/1'],
    ['iPad', 'iPad'],
    ['Android', 'Android '],
  ])('reads 300 kB of repeated "%s" in linear time', (_name, unit) => {
    const hostile = unit.repeat(Math.ceil(300_000 / unit.length));
    expect(withinHangBound(() => userAgentData({ userAgent: hostile })).userAgent).toBe(hostile);
  });
});
