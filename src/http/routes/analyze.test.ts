import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dump,
  json,
  newFileId,
  PREFIXES,
  raw,
  remainingCredits,
  sendChunks,
  split,
} from '../../../test/support/api-requests.js';
import { expectOk } from '../../../test/support/api-schemas.js';
import { startService, type TestAccount, type TestService } from '../../../test/support/service.js';
import type { AnalyzeResponse, SessionResponse, SessionsListResponse } from '../../model/api/resources.js';
import { PROCESSOR_VERSION } from '../../version.js';

const LOSS = 'chromium156/loss/webrtc_internals_dump.txt';
const LOSS_GZ = 'chromium156/loss/chromium_rtcstats_dump.gz';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('POST analyze', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService({ CALLSCOPE_RATE_INGEST: '1000', CALLSCOPE_RATE_READS: '1000' });
  });
  afterAll(async () => service?.close());

  const sessionsOf = async (account: TestAccount) =>
    (await expectOk<SessionsListResponse>(account.fetch('/v1.0/sessions'), 'SessionsListResponse')).body;

  describe.each(PREFIXES)('on %s', (prefix) => {
    it('analyzes a raw dump without storing it, for one credit', async () => {
      const account = await service.account({ credits: 5, email: 'ana@example.com' });
      const { body } = await expectOk<AnalyzeResponse>(
        account.fetch(`${prefix}/analyze`, raw(dump(LOSS))),
        'AnalyzeResponse',
      );
      expect(body.processorVersion).toBe(PROCESSOR_VERSION);
      expect(body).not.toHaveProperty('callscopeId');
      expect(body).not.toHaveProperty('callscopeUrl');
      expect(body).not.toHaveProperty('embedUrl');
      expect(body.data.id).toMatch(UUID);
      expect(body.data.created_at).toBeNull();
      expect(body.data.uploaded_by).toBeNull();
      expect(body.data.uploaded_by_email).toBeNull();
      expect(body.data.fileSize).toBe(dump(LOSS).length);
      // fileName is a string in the specification: the given name, else "dump", stored or not.
      expect(body.data.fileName).toBe('dump');
      const named = await expectOk<AnalyzeResponse>(
        account.fetch(`${prefix}/analyze?fileName=call.txt`, raw(dump(LOSS))),
        'AnalyzeResponse',
      );
      expect(named.body.data.fileName).toBe('call.txt');
      // The loss call (10 % loss each way): high-severity loss observations, Chromium 156 on Linux.
      expect(body.data.userAgentData.browser).toBe('Chromium');
      expect(body.data.observationsCount.high).toBeGreaterThan(0);
      const c = body.data.observationsCount;
      expect(c.critical + c.high + c.medium + c.low + c.info).toBe(body.data.observations.length);
      expect(await remainingCredits(account)).toBe(3);
      expect((await sessionsOf(account)).totalCount).toBe(0);
    });

    it.each(['true', '1'])('stores the dump with save=%s, and GET returns the same payload', async (save) => {
      const account = await service.account({ credits: 5, email: 'saver@example.com' });
      const { body } = await expectOk<AnalyzeResponse>(
        account.fetch(`${prefix}/analyze?save=${save}&fileName=loss.txt`, raw(dump(LOSS))),
        'AnalyzeResponse',
      );
      const id = body.callscopeId!;
      expect(id).toMatch(UUID);
      expect(body.callscopeUrl).toBe(`${service.url}/sessions/${id}`);
      expect(body).not.toHaveProperty('embedUrl');
      expect(body.data.id).toBe(id);
      expect(Date.parse(body.data.created_at!)).toBeGreaterThan(Date.now() - 60_000);
      expect(body.data.uploaded_by).toBe(account.id);
      expect(body.data.uploaded_by_email).toBe('saver@example.com');
      expect(body.data.fileName).toBe('loss.txt');
      expect(await remainingCredits(account)).toBe(4);

      const list = await sessionsOf(account);
      expect(list.data.map((s) => s.callscopeId)).toEqual([id]);
      const stored = await expectOk<SessionResponse>(
        account.fetch(`${prefix}/sessions/${id}`),
        'SessionResponse',
      );
      expect(stored.body.data).toEqual(body.data);
      expect(stored.body.callscopeUrl).toBe(body.callscopeUrl);
    });

    it.each(['false', '0'])('does not store with save=%s', async (save) => {
      const account = await service.account({ credits: 5 });
      const { body } = await expectOk<AnalyzeResponse>(
        account.fetch(`${prefix}/analyze?save=${save}`, raw(dump(LOSS))),
        'AnalyzeResponse',
      );
      expect(body).not.toHaveProperty('callscopeId');
      expect((await sessionsOf(account)).totalCount).toBe(0);
    });

    it('analyzes a dump sent in chunks, for one credit at assemble', async () => {
      const account = await service.account({ credits: 5 });
      const whole = await expectOk<AnalyzeResponse>(
        account.fetch(`${prefix}/analyze`, raw(dump(LOSS))),
        'AnalyzeResponse',
      );
      const fileId = newFileId();
      await sendChunks(account, `${prefix}/analyze`, fileId, split(dump(LOSS), 4));
      expect(await remainingCredits(account)).toBe(4);
      const { body, text } = await expectOk<AnalyzeResponse>(
        account.fetch(`${prefix}/analyze`, json({ fileId, assemble: true })),
        'AnalyzeResponse',
      );
      expect(body.data.fileSize).toBe(dump(LOSS).length);
      expect(body.data.observations).toEqual(whole.body.data.observations);
      expect(body.data.experienceScore).toBe(whole.body.data.experienceScore);
      expect(await remainingCredits(account)).toBe(3);
      // One fileId assembles once: assembling it again answers the same, for no credit.
      const again = await expectOk<AnalyzeResponse>(
        account.fetch(`${prefix}/analyze`, json({ fileId, assemble: true })),
        'AnalyzeResponse',
      );
      expect(again.text).toBe(text);
      expect(await remainingCredits(account)).toBe(3);
    });

    it('stores a chunked dump with save=true under the fileName of the assemble step', async () => {
      const account = await service.account({ credits: 5 });
      const fileId = newFileId();
      await sendChunks(account, `${prefix}/analyze`, fileId, split(dump(LOSS), 3));
      const { body } = await expectOk<AnalyzeResponse>(
        account.fetch(`${prefix}/analyze?save=true`, json({ fileId, assemble: true, fileName: 'call.json' })),
        'AnalyzeResponse',
      );
      expect(body.callscopeId).toMatch(UUID);
      expect(body.data.fileName).toBe('call.json');
      const list = await sessionsOf(account);
      expect(list.data.map((s) => s.callscopeId)).toEqual([body.callscopeId]);
    });
  });

  it('accepts gzip dumps as application/octet-stream and application/gzip', async () => {
    const account = await service.account({ credits: 5 });
    for (const type of ['application/octet-stream', 'application/gzip', 'application/x-gzip']) {
      const { body } = await expectOk<AnalyzeResponse>(
        account.fetch('/v1.0/analyze', raw(dump(LOSS_GZ), { 'content-type': type })),
        'AnalyzeResponse',
      );
      // Chromium's own rtcstats export of the same loss call: the same verdict as the internals dump.
      expect(body.data.userAgentData.browser).toBe('Chromium');
      expect(body.data.observationsCount.high).toBeGreaterThan(0);
      expect(body.data.fileSize).toBe(dump(LOSS_GZ).length);
    }
    expect(await remainingCredits(account)).toBe(2);
  });

  it('names a stored session "dump" in the analyze answer and in GET alike when no fileName is given', async () => {
    const account = await service.account({ credits: 5 });
    const { body } = await expectOk<AnalyzeResponse>(
      account.fetch('/v1.0/analyze?save=true', raw(dump(LOSS))),
      'AnalyzeResponse',
    );
    const stored = await expectOk<SessionResponse>(
      account.fetch(`/v1.0/sessions/${body.callscopeId}`),
      'SessionResponse',
    );
    expect(body.data.fileName).toBe('dump');
    expect(stored.body.data).toEqual(body.data);
  });

  it('gives an embedUrl on the enterprise plan only', async () => {
    const enterprise = await service.account({ plan: 'enterprise', credits: 5 });
    const { body } = await expectOk<AnalyzeResponse>(
      enterprise.fetch('/v1.0/analyze?save=true', raw(dump(LOSS))),
      'AnalyzeResponse',
    );
    expect(body.embedUrl).toMatch(new RegExp(`^${service.url}/embed/[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    const token = body.embedUrl!.split('/').pop()!;
    expect(await service.ctx.tokens.verifyEmbed(token)).toBe(body.callscopeId);
    const unsaved = await expectOk<AnalyzeResponse>(
      enterprise.fetch('/v1.0/analyze', raw(dump(LOSS))),
      'AnalyzeResponse',
    );
    expect(unsaved.body).not.toHaveProperty('embedUrl');
    const trial = await service.account({ plan: 'trial_developer', credits: 5 });
    const t = await expectOk<AnalyzeResponse>(
      trial.fetch('/v1.0/analyze?save=1', raw(dump(LOSS))),
      'AnalyzeResponse',
    );
    expect(t.body.callscopeId).toMatch(UUID);
    expect(t.body).not.toHaveProperty('embedUrl');
  });
});
