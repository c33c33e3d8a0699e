import { describe, expect, it } from 'vitest';
import type { Observation, Severity } from '../model/payload/observation.js';
import { observationsScore } from './observations.js';

const obs = (type: string, severity: Severity): Observation => ({
  type,
  severity,
  category: 'streams',
  tags: ['audio'],
  source: {},
  firstSeenAt: null,
  indicators: {},
  meaning: 'x.',
});

describe('observations score', () => {
  it('is 40 without observations and ignores info', () => {
    expect(observationsScore([])).toBe(40);
    expect(observationsScore([obs('a', 'info'), obs('b', 'info')])).toBe(40);
  });

  it('charges 10/5/2/1 by severity', () => {
    expect(observationsScore([obs('a', 'critical')])).toBe(30);
    expect(observationsScore([obs('a', 'high')])).toBe(35);
    expect(observationsScore([obs('a', 'medium')])).toBe(38);
    expect(observationsScore([obs('a', 'low')])).toBe(39);
    expect(
      observationsScore([obs('a', 'critical'), obs('b', 'high'), obs('c', 'medium'), obs('d', 'low')]),
    ).toBe(22);
  });

  it('charges one type at most twice, its worst two', () => {
    const many = [obs('loss', 'low'), obs('loss', 'high'), obs('loss', 'high'), obs('loss', 'critical')];
    expect(observationsScore(many)).toBe(40 - 10 - 5);
  });

  it('never goes below 0 and stays an integer', () => {
    const lots = Array.from({ length: 10 }, (_, i) => obs(`t${i}`, 'critical'));
    expect(observationsScore(lots)).toBe(0);
    expect(Number.isInteger(observationsScore([obs('a', 'medium'), obs('b', 'low')]))).toBe(true);
  });
});
