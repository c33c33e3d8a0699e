import { describe, expect, it } from 'vitest';
import type { Threshold } from './detector.js';
import { severitySteps, stepLimit, stepSeverity } from './severity.js';

const t = (name: string, value: Threshold['value'], unit = '%'): Threshold => ({
  name,
  value,
  unit,
  source: 'test',
});

describe('severitySteps', () => {
  it('reads the severity thresholds of a meta, most severe first, whatever order they are listed in', () => {
    const steps = severitySteps([t('low', 2), t('packets', 100, 'packets'), t('high', 5), t('medium', 3)]);
    expect(steps).toEqual([
      [5, 'high'],
      [3, 'medium'],
      [2, 'low'],
    ]);
    expect(stepSeverity(4, steps)).toBe('medium');
    expect(stepSeverity(1.9, steps)).toBeUndefined();
  });

  it('converts the documented unit exactly (30 % is the share 0.3)', () => {
    const steps = severitySteps([t('high', 30), t('medium', 10), t('low', 2)], 100);
    expect(steps).toEqual([
      [0.3, 'high'],
      [0.1, 'medium'],
      [0.02, 'low'],
    ]);
    expect(stepSeverity(3 / 10, steps)).toBe('high');
  });

  it('refuses a severity threshold that is not one number', () => {
    expect(() => severitySteps([t('low', '2 %')])).toThrow(/low/);
    expect(() => severitySteps([t('low', 2), t('low', 3)])).toThrow(/low/);
  });
});

describe('stepLimit', () => {
  it("gives one severity's limit, and refuses a severity without a step", () => {
    const steps = severitySteps([t('low', 30, 'ms'), t('high', 100, 'ms')]);
    expect(stepLimit(steps, 'low')).toBe(30);
    expect(() => stepLimit(steps, 'medium')).toThrow(/medium/);
  });
});
