import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/support/api-schemas.js';
import { startService, type TestAccount, type TestService } from '../../../test/support/service.js';
import type { ObservationCatalog, ObservationExplanation } from '../../model/catalog.js';
import { TAGS } from '../../model/payload/observation.js';

const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'];

describe('GET /v1.0/observations', () => {
  let service: TestService;
  let account: TestAccount;
  let catalog: ObservationCatalog;
  beforeAll(async () => {
    service = await startService({ CALLSCOPE_RATE_READS: '1000' });
    account = await service.account({ scope: 'read_only' });
    catalog = (await expectOk<ObservationCatalog>(account.fetch('/v1.0/observations'), 'ObservationCatalog'))
      .body;
  });
  afterAll(async () => service?.close());

  it('lists every type the engine can emit, sorted, with their severities and tags', () => {
    expect(catalog.total).toBe(catalog.data.length);
    expect(catalog.total).toBeGreaterThanOrEqual(80);
    const types = catalog.data.map((e) => e.type);
    expect(types).toEqual([...types].sort());
    expect(new Set(types).size).toBe(types.length);
    // Types named by the hosted service and emitted on the fixture calls.
    for (const t of [
      'iceFailure',
      'turnNoConfig',
      'networkAudioLossIn',
      'relayOverTls',
      'iceTransportPolicyRelay',
    ])
      expect(types).toContain(t);
    for (const e of catalog.data) {
      expect(e.type).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(e.title.length).toBeGreaterThan(3);
      expect(e.severities.length).toBeGreaterThan(0);
      for (const s of e.severities) expect(SEVERITIES).toContain(s);
      for (const t of e.tags) expect(TAGS).toContain(t);
    }
  });

  it('explains every type of the catalog', async () => {
    const types = new Set(catalog.data.map((e) => e.type));
    for (const entry of catalog.data) {
      const { body } = await expectOk<ObservationExplanation>(
        account.fetch(`/v1.0/observations/${entry.type}`),
        'ObservationExplanation',
      );
      expect(body.type).toBe(entry.type);
      expect(body.title).toBe(entry.title);
      expect([...body.severities].sort()).toEqual([...entry.severities].sort());
      expect([...body.tags].sort()).toEqual([...entry.tags].sort());
      expect(body.sections.length).toBeGreaterThan(0);
      expect(body.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}/);
      for (const r of body.related) expect(types.has(r.type), `${entry.type} -> ${r.type}`).toBe(true);
    }
  });

  it('answers 404 for an unknown or wrongly cased type', async () => {
    await expectError(account.fetch('/v1.0/observations/noSuchThing'), 404, 'not_found');
    const miscased = await expectError(account.fetch('/v1.0/observations/IceFailure'), 404, 'not_found');
    expect(miscased.body.error).toBe(
      'No observation type "IceFailure" (types are case-sensitive; did you mean iceFailure?).',
    );
    await expectError(account.fetch(`/v1.0/observations/${'x'.repeat(300)}`), 400, 'invalid_request');
  });

  it('is not served on the site alias', async () => {
    await expectError(account.fetch('/api/callscope/v1.0/observations'), 404, 'not_found');
    await expectError(account.fetch('/api/callscope/v1.0/observations/iceFailure'), 404, 'not_found');
  });

  it('refuses unknown query parameters and requests without a token', async () => {
    await expectError(account.fetch('/v1.0/observations?type=iceFailure'), 400, 'invalid_request');
    await expectError(fetch(`${service.url}/v1.0/observations`), 401, 'authentication');
    await expectError(fetch(`${service.url}/v1.0/observations/iceFailure`), 401, 'authentication');
  });
});
