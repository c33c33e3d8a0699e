import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dump, json, PREFIXES, raw } from '../../../test/support/api-requests.js';
import { expectError, expectOk } from '../../../test/support/api-schemas.js';
import { startService, type TestAccount, type TestService } from '../../../test/support/service.js';
import type { AnalyzeResponse, SessionResponse, SessionsListResponse } from '../../model/api/resources.js';
import { PROCESSOR_VERSION } from '../../version.js';

// A jitsi Firefox call over TURN/TLS: it carries a title, a conference id and a user id.
const FIREFOX = 'jitsi/firefox-relay';
const LOSS = 'chromium156/loss/webrtc_internals_dump.txt';

describe('stored sessions: get, patch, delete', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService({ CALLSCOPE_RATE_INGEST: '1000', CALLSCOPE_RATE_READS: '1000' });
  });
  afterAll(async () => service?.close());

  const store = async (account: TestAccount, path = FIREFOX) =>
    (
      await expectOk<AnalyzeResponse>(
        account.fetch('/v1.0/analyze?save=true&fileName=call.json', raw(dump(path))),
        'AnalyzeResponse',
      )
    ).body;
  const get = (account: TestAccount, id: string, prefix = '/v1.0') =>
    expectOk<SessionResponse>(account.fetch(`${prefix}/sessions/${id}`), 'SessionResponse');
  const patch = (account: TestAccount, id: string, body: unknown, prefix = '/v1.0') =>
    account.fetch(`${prefix}/sessions/${id}`, json(body, 'PATCH'));
  const list = async (account: TestAccount, query = '') =>
    (await expectOk<SessionsListResponse>(account.fetch(`/v1.0/sessions${query}`), 'SessionsListResponse'))
      .body;

  describe.each(PREFIXES)('on %s', (prefix) => {
    it('gets a stored session with its payload and links', async () => {
      const account = await service.account();
      const stored = await store(account);
      const { body } = await get(account, stored.callscopeId!, prefix);
      expect(body.callscopeId).toBe(stored.callscopeId);
      expect(body.callscopeUrl).toBe(`${service.url}/sessions/${stored.callscopeId}`);
      expect(body.processorVersion).toBe(PROCESSOR_VERSION);
      expect(body).not.toHaveProperty('embedUrl');
      expect(body.data).toEqual(stored.data);
      expect(body.data.title).toBe('meet.jit.si/absentbreakdownspicturesame');
      expect(body.data.metadata.conferenceId).toBe('absentbreakdownspicturesame');
      // Uppercase ids are the same session.
      const upper = await get(account, stored.callscopeId!.toUpperCase(), prefix);
      expect(upper.body.callscopeId).toBe(stored.callscopeId);
    });

    it('edits title, description and tags, and shares then unshares the session', async () => {
      const account = await service.account();
      const id = (await store(account)).callscopeId!;
      let res = await expectOk<SessionResponse>(
        patch(
          account,
          id,
          { title: 'Weekly sync', description: 'Bob could not hear', tags: ['b', 'a', 'b'] },
          prefix,
        ),
        'SessionResponse',
      );
      expect(res.body.data).toMatchObject({
        title: 'Weekly sync',
        description: 'Bob could not hear',
        tags: ['b', 'a'],
        public_link: null,
        publicUrl: null,
      });
      expect((await get(account, id)).body.data.title).toBe('Weekly sync');
      expect((await list(account)).data[0]!.title).toBe('Weekly sync');
      expect((await list(account, '?name=weekly')).totalCount).toBe(1);

      res = await expectOk<SessionResponse>(patch(account, id, { shared: true }, prefix), 'SessionResponse');
      const link = res.body.data.public_link;
      expect(link).toMatch(/^[A-Za-z0-9_-]{24}$/);
      // The page the link opens, beside the bare key.
      expect(res.body.data.publicUrl).toBe(`${service.url}/share/${link}`);
      expect((await service.ctx.storage.sessions.getByPublicLink(link!))?.id).toBe(id);
      // Sharing again keeps the same link; the other fields are untouched.
      res = await expectOk<SessionResponse>(patch(account, id, { shared: true }, prefix), 'SessionResponse');
      expect(res.body.data).toMatchObject({ public_link: link, title: 'Weekly sync', tags: ['b', 'a'] });

      res = await expectOk<SessionResponse>(
        patch(account, id, { shared: false, description: null, tags: [] }, prefix),
        'SessionResponse',
      );
      expect(res.body.data).toMatchObject({
        public_link: null,
        description: null,
        tags: [],
        title: 'Weekly sync',
      });
      expect(await service.ctx.storage.sessions.getByPublicLink(link!)).toBeUndefined();

      res = await expectOk<SessionResponse>(patch(account, id, {}, prefix), 'SessionResponse');
      expect(res.body.data.title).toBe('Weekly sync');
    });

    it('deletes a session, its rows and its dump file', async () => {
      const account = await service.account();
      const id = (await store(account)).callscopeId!;
      const row = await service.ctx.storage.sessions.get(account.id, id);
      expect(await service.ctx.blobs.size(row!.blobKey)).toBe(dump(FIREFOX).length);
      const { body } = await expectOk(
        account.fetch(`${prefix}/sessions/${id}`, { method: 'DELETE' }),
        'SuccessResponse',
      );
      expect(body).toEqual({ success: true });
      expect(await service.ctx.blobs.size(row!.blobKey)).toBeUndefined();
      await expectError(account.fetch(`${prefix}/sessions/${id}`), 404, 'not_found');
      await expectError(account.fetch(`${prefix}/sessions/${id}`, { method: 'DELETE' }), 404, 'not_found');
      await expectError(patch(account, id, { title: 'x' }, prefix), 404, 'not_found');
      expect((await list(account)).totalCount).toBe(0);
    });

    it('answers 404 for any well-formed UUID that names no session, the nil and max ones included', async () => {
      const account = await service.account();
      for (const id of [
        '00000000-0000-0000-0000-000000000000',
        'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
        '6ba7b810-9dad-11d1-80b4-00c04fd430c8',
      ]) {
        await expectError(account.fetch(`${prefix}/sessions/${id}`), 404, 'not_found');
        await expectError(account.fetch(`${prefix}/sessions/${id}`, { method: 'DELETE' }), 404, 'not_found');
      }
      await expectError(
        account.fetch(`${prefix}/sessions/0000000-0000-0000-0000-000000000000`),
        400,
        'invalid_request',
      );
    });
  });

  it('takes an empty body sent as application/json as no body: DELETE and dump-link work, PATCH says what it needs', async () => {
    const account = await service.account();
    const id = (await store(account)).callscopeId!;
    const empty = (method: string, path: string) =>
      account.fetch(path, { method, headers: { 'content-type': 'application/json' }, body: '' });
    expect((await empty('POST', `/v1.0/sessions/${id}/dump-link`)).status).toBe(200);
    const patched = await expectError(await empty('PATCH', `/v1.0/sessions/${id}`), 400, 'invalid_request');
    expect(patched.body.error).toMatch(/^Invalid body/);
    await expectOk(empty('DELETE', `/v1.0/sessions/${id}`), 'SuccessResponse');
  });

  it('gives the embedded-viewer link on the enterprise plan, in GET and in the list', async () => {
    const account = await service.account({ plan: 'enterprise' });
    const id = (await store(account)).callscopeId!;
    const { body } = await get(account, id);
    expect(body.embedUrl).toMatch(new RegExp(`^${service.url}/embed/[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    expect(await service.ctx.tokens.verifyEmbed(body.embedUrl!.split('/').pop()!)).toBe(id);
    const item = (await list(account)).data[0]!;
    expect(item.callscopeId).toBe(id);
    expect(await service.ctx.tokens.verifyEmbed(item.embedUrl!.split('/').pop()!)).toBe(id);
    // Not on the other plans.
    const developer = await service.account();
    const other = (await store(developer)).callscopeId!;
    expect((await get(developer, other)).body).not.toHaveProperty('embedUrl');
    expect((await list(developer)).data[0]).not.toHaveProperty('embedUrl');
  });

  it('refuses invalid edits with 400 and changes nothing', async () => {
    const account = await service.account();
    const id = (await store(account)).callscopeId!;
    const bad: unknown[] = [
      { title: '' },
      { title: 'x'.repeat(301) },
      { description: 'x'.repeat(5001) },
      { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) },
      { tags: [''] },
      { shared: 'maybe' },
      { callscopeId: id },
      { title: 'x', public_link: 'mine' },
      [],
    ];
    for (const body of bad) await expectError(patch(account, id, body), 400, 'invalid_request');
    await expectError(
      account.fetch(`/v1.0/sessions/${id}`, { method: 'PATCH', body: 'title=x' }),
      400,
      'invalid_request',
    );
    await expectError(
      account.fetch(`/v1.0/sessions/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: '{"title":',
      }),
      400,
      'invalid_request',
    );
    const { body } = await get(account, id);
    expect(body.data).toMatchObject({
      title: 'meet.jit.si/absentbreakdownspicturesame',
      tags: [],
      public_link: null,
    });
  });

  it('lets a read-only token read but not edit or delete', async () => {
    const account = await service.account();
    const id = (await store(account)).callscopeId!;
    const readOnly = await account.token2('read_only');
    const as = (path: string, init: RequestInit = {}) =>
      fetch(`${service.url}${path}`, {
        ...init,
        headers: { ...init.headers, authorization: `Bearer ${readOnly}` },
      });
    await expectOk(as(`/v1.0/sessions/${id}`), 'SessionResponse');
    await expectOk(as('/v1.0/sessions'), 'SessionsListResponse');
    for (const prefix of PREFIXES) {
      await expectError(
        as(`${prefix}/sessions/${id}`, json({ title: 'x' }, 'PATCH')),
        403,
        'insufficient_scope',
      );
      await expectError(as(`${prefix}/sessions/${id}`, { method: 'DELETE' }), 403, 'insufficient_scope');
    }
    expect((await get(account, id)).body.data.title).toBe('meet.jit.si/absentbreakdownspicturesame');
  });

  it('analyzes again a session stored by an older release line of the processor', async () => {
    const account = await service.account();
    const id = (await store(account, LOSS)).callscopeId!;
    const db = service.ctx.storage.database.db;
    // Before 1.0.0 a minor release is a new release line (semver): 0.0.x is older than 0.1.x.
    await db.updateTable('sessions').set({ processor_version: '0.0.1' }).where('id', '=', id).execute();
    const { body } = await get(account, id);
    expect(body.processorVersion).toBe(PROCESSOR_VERSION);
    expect(body.data.observationsCount.high).toBeGreaterThan(0);
    const row = await db
      .selectFrom('sessions')
      .select('processor_version')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.processor_version).toBe(PROCESSOR_VERSION);
  });

  describe('another account', () => {
    let owner: TestAccount;
    let intruder: TestAccount;
    let id: string;
    let leaks: string[];
    beforeAll(async () => {
      owner = await service.account({ email: 'owner@example.com' });
      intruder = await service.account();
      const stored = await store(owner);
      id = stored.callscopeId!;
      await expectOk(patch(owner, id, { title: 'Owner private call', shared: true }), 'SessionResponse');
      const link = (await get(owner, id)).body.data.public_link!;
      // Whatever would tell the intruder something about the owner's session.
      leaks = [
        'Owner private call',
        'owner@example.com',
        owner.id,
        link,
        'absentbreakdownspicturesame',
        stored.data.metadata.userId!,
      ];
    });

    const expectNoLeak = (text: string) => {
      for (const secret of leaks) expect(text).not.toContain(secret);
    };

    it.each(PREFIXES)(
      'gets 404 for the session on every operation of %s, and learns nothing',
      async (prefix) => {
        const attempts: [string, RequestInit][] = [
          [`${prefix}/sessions/${id}`, {}],
          [`${prefix}/sessions/${id}`, json({ title: 'mine now', shared: true }, 'PATCH')],
          [`${prefix}/sessions/${id}`, { method: 'DELETE' }],
        ];
        for (const [path, init] of attempts) {
          const { text } = await expectError(intruder.fetch(path, init), 404, 'not_found');
          expectNoLeak(text);
        }
        const { body } = await get(owner, id);
        expect(body.data.title).toBe('Owner private call');
        expect(body.data.public_link).not.toBeNull();
      },
    );

    it('does not see it in its list, whatever the filters', async () => {
      for (const query of [
        '',
        '?name=Owner',
        '?conferenceId=absentbreakdownspicturesame',
        '?browser=Firefox',
        '?hasLowScore=true',
        '?limit=1000',
      ]) {
        const res = await intruder.fetch(`/v1.0/sessions${query}`);
        const { body, text } = await expectOk<SessionsListResponse>(res, 'SessionsListResponse');
        expect(body.totalCount, query).toBe(0);
        expectNoLeak(text);
      }
      expect((await list(owner, '?conferenceId=absentbreakdownspicturesame')).totalCount).toBe(1);
    });

    it('reads only its own quota', async () => {
      const quota = await expectOk(intruder.fetch('/v1.0/quota'), 'QuotaResponse');
      expectNoLeak(quota.text);
      expect(quota.body.allowedCredits).toBe(100);
    });
  });
});
