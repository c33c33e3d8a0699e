import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DETECTORS } from '../detectors/index.js';
import { FLAG_BITS_PER_COLUMN, FLAG_COLUMNS, FLAG_TYPES, flagColumns, flagMasks } from './flag-mask.js';

describe('observation type bits', () => {
  it('give every detector type a slot of its own, within the columns', () => {
    const missing = DETECTORS.map((d) => d.meta.type).filter((t) => !FLAG_TYPES.includes(t));
    expect(missing, 'append these types to FLAG_TYPES (never insert or reorder)').toEqual([]);
    expect(new Set(FLAG_TYPES).size).toBe(FLAG_TYPES.length);
    expect(FLAG_TYPES.length).toBeLessThanOrEqual(FLAG_COLUMNS.length * FLAG_BITS_PER_COLUMN);
  });

  it('keep the slots stored data was written with', () => {
    // Stored masks depend on these positions: appending changes nothing here, anything else does.
    const first = createHash('sha256').update(FLAG_TYPES.slice(0, 88).join('\n')).digest('hex');
    expect(first.slice(0, 16)).toBe('a854b6f64eaa33ae');
  });

  it('set one bit per known type, and name the types without one', () => {
    expect(flagMasks(['addIceCandidateFailure', 'iceFailure', 'weakSrtpCipher', 'nope', 'nope'])).toEqual({
      masks: [1, 1 << 8, 1 << 27, 0],
      unknown: ['nope'],
    });
    expect(flagColumns(['aecDisabled', 'aecDisabled'])).toEqual({
      obs_flags_0: 2,
      obs_flags_1: 0,
      obs_flags_2: 0,
      obs_flags_3: 0,
    });
    for (const m of flagMasks(FLAG_TYPES).masks) expect(m).toBeGreaterThanOrEqual(0);
  });
});
