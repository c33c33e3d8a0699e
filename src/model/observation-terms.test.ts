import { describe, expect, it } from 'vitest';
import { CATEGORIES, SEVERITIES, TAGS } from './observation-terms.js';
import { Category, Severity, Tag } from './payload/observation.js';

/** The literals a union schema accepts, in order. */
const literals = (schema: { anyOf?: { const?: unknown }[] }): unknown[] =>
  (schema.anyOf ?? []).map((s) => s.const);

describe('observation terms', () => {
  it('are what the payload schemas accept, in the same order', () => {
    expect(literals(Severity)).toEqual([...SEVERITIES]);
    expect(literals(Tag)).toEqual([...TAGS]);
    expect(literals(Category)).toEqual([...CATEGORIES]);
  });
});
