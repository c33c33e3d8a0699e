import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/fixtures.js';
import { startService, type TestService } from '../../test/support/service.js';
import { waitFor } from '../../test/support/wait-for.js';

/**
 * aiSummary against a fake OpenAI-compatible endpoint on loopback: what is asked, what is stored,
 * and that a failing, slow or garbled endpoint never fails or delays an analysis.
 * test/fixtures/chromium156/loss: 10 % loss each way from the start of a 30 s call.
 */
const DUMP = readFileSync(fixture('chromium156', 'loss', 'webrtc_internals_dump.txt'));

interface Asked {
  path: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
}

/** What the fake endpoint does with the next request. */
type Behaviour = (req: IncomingMessage, res: ServerResponse) => void;
const answer =
  (text: string): Behaviour =>
  (_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: text } }] }));
  };

describe('aiSummary', () => {
  let endpoint: Server;
  let endpointUrl: string;
  const asked: Asked[] = [];
  let behaviour: Behaviour = answer('unused');
  /** Requests held open by the "hang" behaviour, answered at clean-up. */
  const held: ServerResponse[] = [];

  beforeAll(async () => {
    endpoint = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        asked.push({
          path: req.url ?? '',
          authorization: req.headers.authorization,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
        behaviour(req, res);
      });
    });
    await new Promise<void>((r) => endpoint.listen(0, '127.0.0.1', r));
    endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/v1`;
  });
  afterEach(() => {
    for (const res of held.splice(0)) res.destroy();
    asked.length = 0;
  });
  afterAll(async () => {
    endpoint.closeAllConnections();
    await new Promise((r) => endpoint.close(r));
  });

  async function analyzed(service: TestService, save = true) {
    const account = await service.account();
    const res = await account.fetch(`/v1.0/analyze${save ? '?save=true' : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: DUMP,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { callscopeId?: string; data: { aiSummary: string | null } };
    return { account, body };
  }

  const outcome = async (service: TestService, name: string) => {
    const metric = await service.ctx.metrics.aiSummaries.get();
    return metric.values.find((v) => v.labels.outcome === name)?.value ?? 0;
  };

  describe('with an endpoint', () => {
    let service: TestService;
    beforeAll(async () => {
      service = await startService({
        CALLSCOPE_AI_URL: endpointUrl,
        CALLSCOPE_AI_MODEL: 'test-model',
        CALLSCOPE_AI_KEY: 'sk-test-key',
        CALLSCOPE_AI_TIMEOUT_MS: '1000',
      });
    }, 60_000);
    afterAll(async () => service?.close(), 60_000);

    it('writes the summary after the save, from the cause timeline, and GET returns it', async () => {
      behaviour = answer('  The call lost about a tenth of its packets each way from the start.  ');
      const { account, body } = await analyzed(service);
      // The reply never waits for the model.
      expect(body.data.aiSummary).toBeNull();
      const stored = await waitFor('the summary', async () => {
        const res = await account.fetch(`/v1.0/sessions/${body.callscopeId}`);
        const data = ((await res.json()) as { data: { aiSummary: string | null } }).data;
        return data.aiSummary ?? undefined;
      });
      expect(stored).toBe('The call lost about a tenth of its packets each way from the start.');
      expect(asked).toHaveLength(1);
      const [request] = asked;
      expect(request!.path).toBe('/v1/chat/completions');
      expect(request!.authorization).toBe('Bearer sk-test-key');
      expect(request!.body.model).toBe('test-model');
      const user = request!.body.messages.find((m) => m.role === 'user')!.content;
      // The facts are the analysis's own: its scores and its story, not the dump.
      expect(user).toMatch(/Scores: experience \d+\/100/);
      expect(user).toMatch(/What happened, in time order/);
      expect(user).toMatch(/lost 7\.\d % of its packets/);
      expect(user).not.toMatch(/a=candidate|\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/);
      expect(await outcome(service, 'ok')).toBeGreaterThanOrEqual(1);
    });

    it('asks nothing for an analysis that is not saved', async () => {
      behaviour = answer('never');
      await analyzed(service, false);
      await service.ctx.ai.idle();
      expect(asked).toHaveLength(0);
    });

    it.each([
      ['an error status', 'failed', ((_req, res) => res.writeHead(500).end('model not loaded')) as Behaviour],
      [
        'a body that is not JSON',
        'failed',
        ((_req, res) => res.end('<html>proxy error</html>')) as Behaviour,
      ],
      [
        'JSON without a message',
        'failed',
        ((_req, res) => res.end(JSON.stringify({ choices: [] }))) as Behaviour,
      ],
      ['no answer within the timeout', 'timeout', ((_req, res) => void held.push(res)) as Behaviour],
    ])('keeps the analysis and a null summary when the endpoint gives %s', async (_what, name, b) => {
      behaviour = b;
      const before = await outcome(service, name);
      const { account, body } = await analyzed(service);
      await waitFor(`a ${name} outcome`, async () =>
        (await outcome(service, name)) > before ? true : undefined,
      );
      const res = await account.fetch(`/v1.0/sessions/${body.callscopeId}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { aiSummary: unknown } }).data.aiSummary).toBeNull();
    });
  });

  describe('without an endpoint', () => {
    let service: TestService;
    beforeAll(async () => {
      service = await startService();
    }, 60_000);
    afterAll(async () => service?.close(), 60_000);

    it('asks nothing and keeps aiSummary null', async () => {
      behaviour = answer('never');
      const { account, body } = await analyzed(service);
      expect(service.ctx.ai.enabled).toBe(false);
      await service.ctx.ai.idle();
      expect(asked).toHaveLength(0);
      const res = await account.fetch(`/v1.0/sessions/${body.callscopeId}`);
      expect(((await res.json()) as { data: { aiSummary: unknown } }).data.aiSummary).toBeNull();
    });
  });
});
