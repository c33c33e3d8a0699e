import { describe, expect, it } from 'vitest';
import type { Ingested } from '../service/ingest.js';
import type { PartsOf } from '../worker/task.js';
import { ingestReply } from './replies.js';

const data = { title: 'call', observations: [], note: 'quote " and \u2028' };
const parts = {
  form: 'json',
  processorVersion: '9.9.9',
  json: JSON.stringify(data),
  gzip: null,
  facts: { enrich: { title: 'call' } },
} as unknown as PartsOf<'json'>;
const session = { callscopeId: '0f3c2d4e-1111-4222-8333-944455556666', callscopeUrl: 'http://x/sessions/1' };

describe('REST replies of an ingest', () => {
  it("puts the worker's JSON in the analyze reply as JSON.stringify would write the whole", () => {
    const done: Ingested = { operation: 'analyze', parts, session, finishedAt: 5 };
    expect(ingestReply(done)).toEqual({
      status: 200,
      body: JSON.stringify({ data, processorVersion: '9.9.9', ...session }),
    });
    const unsaved = ingestReply({ operation: 'analyze', parts, finishedAt: 5 });
    expect(unsaved.body).toBe(JSON.stringify({ data, processorVersion: '9.9.9' }));
  });

  it('answers upload with the ids and enrich with its data and time', () => {
    expect(ingestReply({ operation: 'upload', parts, session, finishedAt: 5 }).body).toBe(
      JSON.stringify({ success: true, ...session }),
    );
    expect(ingestReply({ operation: 'enrich', parts, finishedAt: 5 }).body).toBe(
      JSON.stringify({ data: { title: 'call' }, processorVersion: '9.9.9', generatedAt: 5 }),
    );
  });
});
