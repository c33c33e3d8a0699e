import { describe, expect, it } from 'vitest';
import { withinHangBound } from '../../test/support/hang-bound.js';
import { parseCandidate } from './ice-candidate.js';

describe('parseCandidate', () => {
  it('reads a candidate line and its extensions', () => {
    expect(parseCandidate('a=candidate:1 1 UDP 2122 10.0.0.1 5000 typ srflx raddr 0.0.0.0 rport 9')).toEqual({
      foundation: '1',
      component: 1,
      protocol: 'udp',
      priority: 2122,
      address: '10.0.0.1',
      port: 5000,
      type: 'srflx',
      relatedAddress: '0.0.0.0',
      relatedPort: 9,
    });
    // `.` stops at a line break: such a line is not a candidate, as before.
    expect(parseCandidate('candidate:1 1 udp 1 10.0.0.1 5000 typ host\nx')).toBeUndefined();
  });

  // Candidates come from the dump: a long type followed by a line break must not take seconds.
  it('reads a 300 kB candidate with a line break in linear time', () => {
    const text = `candidate:1 1 udp 1 10.0.0.1 5000 typ ${'x'.repeat(300_000)}\nx`;
    expect(withinHangBound(() => parseCandidate(text))).toBeUndefined();
  });
});
