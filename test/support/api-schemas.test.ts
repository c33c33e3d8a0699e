import { describe, expect, it } from 'vitest';
import { expectError, expectSchema, read } from './api-schemas.js';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

describe('the schema checks of the HTTP tests', () => {
  const quota = {
    accountName: 'a',
    accountPlan: 'developer',
    allowedCredits: 1,
    remainingCredits: 1,
    maxFileSizeBytes: 1,
    maxChunkSizeBytes: 1,
  };

  it('accepts a body of the schema and refuses one that drifted', () => {
    expect(expectSchema('QuotaResponse', quota)).toBe(quota);
    expect(() => expectSchema('QuotaResponse', { ...quota, accountPlan: 'gold' })).toThrow(/QuotaResponse/);
    expect(() => expectSchema('QuotaResponse', { ...quota, remainingCredits: undefined })).toThrow();
    expect(() =>
      expectSchema('UploadResponse', { success: true, callscopeId: 'nope', callscopeUrl: 'x' }),
    ).toThrow();
  });

  it('checks error bodies against Error and the catalog', async () => {
    await expectError(jsonResponse(404, { error: 'x', errorCode: 'not_found' }), 404, 'not_found');
    await expect(read(jsonResponse(404, { error: 'x', errorCode: 'nope' }))).rejects.toThrow();
    await expect(read(jsonResponse(400, { error: 'x', errorCode: 'not_found' }))).rejects.toThrow();
    await expect(
      read(jsonResponse(400, { error: 'x', errorCode: 'invalid_request', stack: 'at' })),
    ).rejects.toThrow();
    await expect(read(jsonResponse(400, { message: 'x' }))).rejects.toThrow();
  });

  it('needs a schema for a success', async () => {
    await expect(read(jsonResponse(200, quota))).rejects.toThrow(/needs a schema/);
    await expect(read(jsonResponse(200, quota), 'Error')).rejects.toThrow();
  });
});
