/**
 * With CALLSCOPE_SITE_URL unset, the links in answers never name the Host a client wrote: every
 * answer that carries a URL is asked for with `Host: evil.example`.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dump } from '../../test/support/api-requests.js';
import { startService, type TestAccount, type TestService } from '../../test/support/service.js';

const EVIL = 'evil.example';
const DUMP = 'chromium156/loss/webrtc_internals_dump.txt';

interface Sent {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

/** One request with the given Host header (fetch would not let a test set it). */
function send(service: TestService, path: string, host: string, sent: Sent = {}) {
  const { port } = new URL(service.url);
  return new Promise<{ status: number; text: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: Number(port),
          path,
          method: sent.method ?? 'GET',
          headers: { ...sent.headers, host },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(sent.body);
    },
  );
}

const bearer = (account: TestAccount) => ({ authorization: `Bearer ${account.token}` });

/** Every answer that carries a link, asked for with `host`: their bodies. */
async function answersWithLinks(service: TestService, account: TestAccount, host: string): Promise<string[]> {
  const auth = bearer(account);
  const stored = await send(service, '/v1.0/analyze?save=true', host, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/octet-stream' },
    body: dump(DUMP),
  });
  expect(stored.status).toBe(200);
  const id = (JSON.parse(stored.text) as { callscopeId: string }).callscopeId;
  const upload = await send(service, '/v1.0/upload', host, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/octet-stream' },
    body: dump(DUMP),
  });
  const answers = [
    stored,
    upload,
    await send(service, '/v1.0/sessions', host, { headers: auth }),
    await send(service, `/v1.0/sessions/${id}`, host, { headers: auth }),
    await send(service, `/api/callscope/v1.0/sessions/${id}`, host, { headers: auth }),
    await send(service, `/v1.0/sessions/${id}/dump-link`, host, { method: 'POST', headers: auth }),
    await send(service, '/api/schemas', host),
    await send(service, '/api/schemas/SessionResponse.json', host),
  ];
  // MCP: list_sessions and get_session in a session opened with the same Host.
  const mcpHeaders = {
    ...auth,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  const init = await send(service, '/v1.0/mcp', host, {
    method: 'POST',
    headers: mcpHeaders,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  });
  answers.push(init);
  const session = {
    ...mcpHeaders,
    'mcp-session-id': String(init.headers['mcp-session-id']),
    'mcp-protocol-version': '2025-11-25',
  };
  for (const [n, [name, args]] of [
    ['list_sessions', {}],
    ['get_session', { callscopeId: id }],
  ].entries())
    answers.push(
      await send(service, '/v1.0/mcp', host, {
        method: 'POST',
        headers: session,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: n + 2,
          method: 'tools/call',
          params: { name, arguments: args },
        }),
      }),
    );
  for (const answer of answers) expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  return answers.map((a) => a.text);
}

describe('links with CALLSCOPE_SITE_URL unset', () => {
  describe('on a non-loopback bind', () => {
    let service: TestService;
    let account: TestAccount;
    beforeAll(async () => {
      service = await startService({ CALLSCOPE_HOST: '0.0.0.0', CALLSCOPE_RATE_READS: '1000' });
      account = await service.account({ plan: 'enterprise' });
    });
    afterAll(async () => service?.close());

    it('names the address the connection reached, never the Host of the request', async () => {
      const bodies = await answersWithLinks(service, account, `${EVIL}:8443`);
      for (const body of bodies) {
        const at = body.indexOf(EVIL);
        expect(at, body.slice(Math.max(0, at - 100), at + 100)).toBe(-1);
      }
      const all = bodies.join('\n');
      // callscopeUrl, embedUrl (enterprise), the download link and the schema ids are all there.
      for (const path of ['/sessions/', '/embed/', '/download/', '/api/schemas/'])
        expect(all).toContain(`${service.url}${path}`);
      // The MCP tools' answers (the last two) carry the links too.
      for (const body of bodies.slice(-2)) expect(body).toContain(`${service.url}/sessions/`);
    }, 60_000);
  });

  describe('with CALLSCOPE_ALLOWED_HOSTS', () => {
    let service: TestService;
    let account: TestAccount;
    beforeAll(async () => {
      service = await startService({ CALLSCOPE_ALLOWED_HOSTS: 'callscope.test,127.0.0.1' });
      account = await service.account();
    });
    afterAll(async () => service?.close());

    it('names a Host on the list, and the address reached for any other', async () => {
      const listed = await send(service, '/api/schemas', 'Callscope.TEST:8443');
      expect(listed.text).toContain('"http://callscope.test:8443/api/schemas/');
      const other = await send(service, '/api/schemas', EVIL);
      expect(other.text).not.toContain(EVIL);
      expect(other.text).toContain(`"${service.url}/api/schemas/`);
      const analyzed = await send(service, '/v1.0/analyze?save=true', EVIL, {
        method: 'POST',
        headers: { ...bearer(account), 'content-type': 'application/octet-stream' },
        body: dump(DUMP),
      });
      expect(JSON.parse(analyzed.text).callscopeUrl).toMatch(new RegExp(`^${service.url}/sessions/`));
    });
  });

  it('are CALLSCOPE_SITE_URL when it is set, whatever the Host', async () => {
    const service = await startService({ CALLSCOPE_SITE_URL: 'https://callscope.example.com/' });
    try {
      const answer = await send(service, '/api/schemas', EVIL);
      expect(answer.text).not.toContain(EVIL);
      expect(answer.text).toContain('"https://callscope.example.com/api/schemas/');
    } finally {
      await service.close();
    }
  });
});
