import { describe, expect, it } from 'vitest';
import { DETECTORS } from '../detectors/index.js';
import { ApiError } from './api-error.js';
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

  it('refuses a known observation type spelled with other cases, in either form', () => {
    for (const form of ['query', 'arguments'] as const) {
      const refusal = (() => {
        try {
          parseListQuery({ observationFlags: ['cpuPressure', 'icefailure'] }, form);
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toBeInstanceOf(ApiError);
      expect(refusal).toMatchObject({
        code: 'invalid_request',
        message: 'Unknown observation type icefailure; did you mean iceFailure?',
      });
    }
  });

  it('accepts every type the detectors emit, and types it does not know (other processor versions)', () => {
    const types = DETECTORS.map((d) => d.meta.type).slice(0, 20);
    expect(parseListQuery({ observationFlags: types }, 'arguments').filters.observationFlags).toEqual(types);
    expect(parseListQuery({ observationFlags: 'someFutureType' }).filters.observationFlags).toEqual([
      'someFutureType',
    ]);
  });
});
