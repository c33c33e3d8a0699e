import { describe, expect, it } from 'vitest';
import { parseListQuery } from './session-filters.js';

describe('parseListQuery', () => {
  it('splits query-string values on commas, repeated or not', () => {
    expect(parseListQuery({ name: 'caller,jit.si' }).filters.name).toEqual(['caller', 'jit.si']);
    expect(parseListQuery({ name: ['a,b', 'c'] }).filters.name).toEqual(['a', 'b', 'c']);
    expect(parseListQuery({ observationTags: 'audio,video' }).filters.observationTags).toEqual([
      'audio',
      'video',
    ]);
  });

  it("takes the MCP tool's name values as given: a title substring may hold a comma", () => {
    expect(parseListQuery({ name: ['caller,jit.si'] }, 'arguments').filters.name).toEqual(['caller,jit.si']);
    expect(parseListQuery({ name: ['a', 'a'] }, 'arguments').filters.name).toEqual(['a']);
  });

  it('splits observation tags and types in either form: they never hold a comma', () => {
    const { filters } = parseListQuery(
      { observationTags: ['audio,video'], observationFlags: ['iceFailure,turnNoConfig'] },
      'arguments',
    );
    expect(filters.observationTags).toEqual(['audio', 'video']);
    expect(filters.observationFlags).toEqual(['iceFailure', 'turnNoConfig']);
  });
});
