import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/fixtures.js';
import { startService, type TestService } from '../../test/support/service.js';
import { closeApp } from './close-app.js';

/** The largest dump of test/fixtures (1.2 MB): its download outlasts the socket's buffers. */
const DUMP = readFileSync(fixture('jitsi', 'google-legacy-stats-multiple-pc'));

describe('closeApp', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService();
  }, 60_000);
  afterAll(async () => service?.close(), 60_000);

  it('lets a download in flight finish, then closes its keep-alive connection without waiting for its timeout', async () => {
    const account = await service.account();
    const saved = await account.fetch('/v1.0/analyze?save=true', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: DUMP,
    });
    const { callscopeId } = (await saved.json()) as { callscopeId: string };
    const res = await account.fetch(`/v1.0/sessions/${callscopeId}/dump`);
    expect(res.status).toBe(200);
    // Closing while the body is still being sent: the connection is busy, not idle, at that moment.
    const closing = closeApp(service.built.app);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(DUMP)).toBe(true);
    // Before, this waited for the connection's keep-alive timeout (72 s): past the test's own limit.
    await closing;
    expect(service.built.app.server.listening).toBe(false);
  }, 60_000);
});
