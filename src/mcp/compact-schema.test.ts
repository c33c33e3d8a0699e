import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { SessionsListResponse } from '../model/api/resources.js';
import { compactSchema } from './compact-schema.js';
import { SessionResult, TOOLS } from './tools.js';

describe('compactSchema', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);

  it('turns nullable values into type arrays and unions of literals into one enum', () => {
    expect(
      compactSchema({
        anyOf: [
          {
            anyOf: [
              { type: 'string', const: 'a' },
              { type: 'string', const: 'b' },
            ],
          },
          { type: 'null' },
        ],
      }),
    ).toEqual({ type: ['string', 'null'], enum: ['a', 'b', null] });
    expect(compactSchema({ anyOf: [{ type: 'string', enum: ['a'] }, { type: 'null' }] })).toEqual({
      type: ['string', 'null'],
      enum: ['a', null],
    });
    // A property named like a keyword stays.
    expect(
      compactSchema(
        { properties: { description: { type: 'string', description: 'x' } } },
        { descriptions: false },
      ),
    ).toEqual({
      properties: { description: { type: 'string' } },
    });
  });

  it('accepts and refuses the same values as the schema it compacts', () => {
    const samples: [object, unknown[]][] = [
      [
        SessionsListResponse,
        [
          { total: 0, data: [], totalCount: 0, page: 1, limit: 10, totalPages: 0, hasMore: false },
          {
            total: 0,
            data: [{ callscopeId: 'x' }],
            totalCount: 0,
            page: 1,
            limit: 10,
            totalPages: 0,
            hasMore: false,
          },
          { total: '0' },
        ],
      ],
      [
        SessionResult,
        [
          { callscopeId: '7d0a4c1e-0000-4000-8000-000000000000', callscopeUrl: 'u', processorVersion: '1' },
          {},
        ],
      ],
      ...TOOLS.map((t): [object, unknown[]] => [
        t.input,
        [{}, { limit: 0 }, { view: 'full' }, { view: 'x' }, { os: null }],
      ]),
    ];
    for (const [schema, values] of samples) {
      const before = ajv.compile(schema);
      const after = ajv.compile(compactSchema(schema, { descriptions: false }) as object);
      for (const v of values) expect(after(v), JSON.stringify(v)).toBe(before(v));
    }
  });

  it('keeps an output schema accepting every value the original accepts, without required lists or formats', () => {
    const values = [
      { total: 0, data: [], totalCount: 0, page: 1, limit: 10, totalPages: 0, hasMore: false },
      {
        total: 0,
        data: [{ callscopeId: 'not-a-uuid' }],
        totalCount: 0,
        page: 1,
        limit: 10,
        totalPages: 0,
        hasMore: false,
      },
      { total: '0' },
    ];
    const original = ajv.compile(SessionsListResponse);
    const compact = compactSchema(SessionsListResponse, { descriptions: false, output: true }) as object;
    expect(JSON.stringify(compact)).not.toMatch(/"required"|"format"/);
    const compacted = ajv.compile(compact);
    for (const v of values) if (original(v)) expect(compacted(v), JSON.stringify(v)).toBe(true);
    expect(compacted(values[1])).toBe(true);
    expect(compacted(values[2])).toBe(false);
    // A property named like a dropped keyword stays.
    expect(compactSchema({ properties: { format: { type: 'string' } } }, { output: true })).toEqual({
      properties: { format: { type: 'string' } },
    });
  });
});
