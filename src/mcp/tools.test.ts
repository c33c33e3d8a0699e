import { describe, expect, it } from 'vitest';
import { TAGS } from '../model/observation-terms.js';
import { LIST_DEFAULTS } from '../service/session-filters.js';
import { TOOLS } from './tools.js';

type Schema = { properties: Record<string, Record<string, unknown>> };
const inputOf = (name: string) => TOOLS.find((t) => t.name === name)!.input as Schema;

describe('MCP tool input schemas', () => {
  it("list_sessions takes what the service takes: the filters' limits are in its schema", () => {
    const { properties } = inputOf('list_sessions');
    for (const text of ['os', 'browser', 'browserVersion', 'userId', 'conferenceId', 'sessionId'])
      expect(properties[text], text).toMatchObject({
        type: 'string',
        minLength: 1,
        maxLength: LIST_DEFAULTS.maxValueLength,
      });
    for (const array of ['name', 'observationTags', 'observationFlags'])
      expect(properties[array], array).toMatchObject({
        type: 'array',
        minItems: 1,
        maxItems: LIST_DEFAULTS.maxValues,
      });
    expect(properties.limit).toMatchObject({ minimum: 1, maximum: LIST_DEFAULTS.maxLimit });
    expect(properties.page).toMatchObject({ minimum: 1, maximum: LIST_DEFAULTS.maxPage });
  });

  it('list_sessions lists the tags an observationTags value may be', () => {
    expect(inputOf('list_sessions').properties.observationTags!.items).toEqual({
      type: 'string',
      enum: [...TAGS],
    });
  });

  it('list_sessions says where the observation types are spelled, in a few words, not all 95 of them', () => {
    const { description } = inputOf('list_sessions').properties.observationFlags as { description: string };
    expect(description).toMatch(/observationFlags/);
    expect(description).toMatch(/get_observation_explanation/);
    expect(description.length).toBeLessThan(300);
  });

  it('get_session says what its two views hold, and that get_stream_series gives one stream', () => {
    const { description, input } = TOOLS.find((t) => t.name === 'get_session')!;
    expect(description).toMatch(/view summary \(default/);
    expect(description).toMatch(/view full/);
    expect(description).toMatch(/get_stream_series/);
    expect((input as Schema).properties.view).toMatchObject({ enum: ['summary', 'full'] });
  });
});
