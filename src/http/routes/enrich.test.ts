import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dump,
  json,
  newFileId,
  raw,
  remainingCredits,
  sendChunks,
  split,
} from '../../../test/support/api-requests.js';
import { expectError, expectOk } from '../../../test/support/api-schemas.js';
import { startService, type TestService } from '../../../test/support/service.js';
import type { AnalyzeResponse, EnrichResponse, SessionsListResponse } from '../../model/api/resources.js';
import { MEASUREMENT_FIELDS } from '../../model/payload/observation.js';
import { PROCESSOR_VERSION } from '../../version.js';

const LOSS = 'chromium156/loss/webrtc_internals_dump.txt';

describe('POST /v1.0/enrich', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService({ CALLSCOPE_RATE_INGEST: '1000', CALLSCOPE_RATE_READS: '1000' });
  });
  afterAll(async () => service?.close());

  it('answers the projection of the analysis (scores, counts, trimmed observations), for one credit', async () => {
    const account = await service.account({ credits: 5 });
    const before = Date.now();
    const { body } = await expectOk<EnrichResponse>(
      account.fetch('/v1.0/enrich', raw(dump(LOSS))),
      'EnrichResponse',
    );
    expect(body.processorVersion).toBe(PROCESSOR_VERSION);
    expect(body.generatedAt).toBeGreaterThanOrEqual(before);
    expect(body.generatedAt).toBeLessThanOrEqual(Date.now());
    expect(Object.keys(body.data).sort()).toEqual([
      'observations',
      'observationsCount',
      'scores',
      'userAgentData',
    ]);
    expect(await remainingCredits(account)).toBe(4);

    const full = await expectOk<AnalyzeResponse>(
      account.fetch('/v1.0/analyze', raw(dump(LOSS))),
      'AnalyzeResponse',
    );
    const d = full.body.data;
    expect(body.data.scores).toEqual({
      experienceScore: d.experienceScore,
      audioScore: d.audioScore,
      videoScore: d.videoScore,
      connectivityScore: d.connectivityScore,
      observationsScore: d.observationsScore,
    });
    expect(body.data.observationsCount).toEqual(d.observationsCount);
    expect(body.data.userAgentData).toEqual(d.userAgentData);
    expect(body.data.observations.map((o) => [o.type, o.severity])).toEqual(
      d.observations.map((o) => [o.type, o.severity]),
    );
    const c = body.data.observationsCount;
    expect(c.critical + c.high + c.medium + c.low + c.info).toBe(body.data.observations.length);
    // Trimmed: never null, and only the documented fields.
    const allowed = new Set([
      'type',
      'severity',
      'category',
      'tags',
      'firstSeenAt',
      'url',
      'property',
      ...MEASUREMENT_FIELDS,
    ]);
    for (const o of body.data.observations) {
      for (const [k, v] of Object.entries(o)) {
        expect(allowed.has(k), k).toBe(true);
        expect(v, k).not.toBeNull();
      }
    }
    // Never stored.
    const list = await expectOk<SessionsListResponse>(
      account.fetch('/v1.0/sessions'),
      'SessionsListResponse',
    );
    expect(list.body.totalCount).toBe(0);
  });

  it('takes chunks then the assemble step without a fileName', async () => {
    const account = await service.account({ credits: 5 });
    const fileId = newFileId();
    await sendChunks(account, '/v1.0/enrich', fileId, split(dump(LOSS), 3));
    const { body } = await expectOk<EnrichResponse>(
      account.fetch('/v1.0/enrich', json({ fileId, assemble: true })),
      'EnrichResponse',
    );
    expect(body.data.observationsCount.high).toBeGreaterThan(0);
    expect(await remainingCredits(account)).toBe(4);
  });

  it('answers an empty userAgentData object when the dump names no browser', async () => {
    const account = await service.account({ credits: 5 });
    // A minimal webrtc-internals export without a UserAgent field.
    const dumpText = JSON.stringify({ getUserMedia: [], PeerConnections: {} });
    const { body } = await expectOk<EnrichResponse>(
      account.fetch('/v1.0/enrich', raw(dumpText)),
      'EnrichResponse',
    );
    expect(body.data.userAgentData).toEqual({});
    // No media, no observations: nothing to score.
    expect(body.data.scores).toEqual({
      experienceScore: 0,
      audioScore: null,
      videoScore: null,
      connectivityScore: null,
      observationsScore: 40,
    });
    expect(body.data.observations).toEqual([]);
  });

  it('is not served on the site alias, and takes no query parameters', async () => {
    const account = await service.account({ credits: 5 });
    await expectError(account.fetch('/api/callscope/v1.0/enrich', raw(dump(LOSS))), 404, 'not_found');
    await expectError(account.fetch('/v1.0/enrich?save=true', raw(dump(LOSS))), 400, 'invalid_request');
    expect(await remainingCredits(account)).toBe(5);
  });
});
