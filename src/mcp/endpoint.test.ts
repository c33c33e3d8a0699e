import { readFileSync } from 'node:fs';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/fixtures.js';
import {
  NO_WINDOW_BOUNDARY_MS,
  startService,
  type TestAccount,
  type TestService,
} from '../../test/support/service.js';
import { TAGS } from '../model/observation-terms.js';
import { MAX_BODY } from './limits.js';

type Mode = 'legacy' | 'auto';

async function connect(
  service: TestService,
  mode: Mode,
  token?: string,
  authorization = token ? `Bearer ${token}` : undefined,
) {
  const transport = new StreamableHTTPClientTransport(new URL(`${service.url}/v1.0/mcp`), {
    requestInit: { headers: authorization ? { authorization } : {} },
  });
  const client = new Client({ name: 'callscope-test', version: '1.0' }, { versionNegotiation: { mode } });
  await client.connect(transport);
  return { client, transport };
}

const rpc = (service: TestService, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service.url}/v1.0/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** The JSON-RPC error a tools/call answers with (the SDK client throws it). */
async function failure(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ code: number; message: string; data: Record<string, unknown> }> {
  const error = await client.callTool({ name, arguments: args }).then(
    (result) => {
      throw new Error(`${name} succeeded: ${JSON.stringify(result).slice(0, 200)}`);
    },
    (e: unknown) => e as { code: number; message: string; data: Record<string, unknown> },
  );
  // The client prefixes the message with the code; the server's own text follows it.
  return { code: error.code, message: error.message.replace(/^MCP error -?\d+: /, ''), data: error.data };
}

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

describe('MCP endpoint', () => {
  let service: TestService;
  let account: TestAccount;
  let other: TestAccount;
  let sessionId: string;
  let otherSessionId: string;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);

  beforeAll(async () => {
    service = await startService();
    account = await service.account();
    other = await service.account();
    const store = async (a: TestAccount, path: string) => {
      const res = await a.fetch('/v1.0/analyze?save=true', {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: readFileSync(fixture(...path.split('/'))),
      });
      return ((await res.json()) as { callscopeId: string }).callscopeId;
    };
    sessionId = await store(account, 'chromium156/loss/webrtc_internals_dump.txt');
    otherSessionId = await store(other, 'chromium156/clean/webrtc_internals_dump.txt');
  });
  afterAll(async () => service?.close());

  describe.each(['legacy', 'auto'] as const)('SDK client, %s negotiation', (mode) => {
    it('lists six tools with descriptions and input/output schemas, without a token', async () => {
      const { client } = await connect(service, mode);
      expect(client.getProtocolEra?.()).toBe(mode === 'legacy' ? 'legacy' : 'modern');
      // The tool list never changes while a server runs (and there is no stream to announce it on).
      expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: false });
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([
        'get_insights',
        'get_observation_explanation',
        'get_quota',
        'get_session',
        'get_stream_series',
        'list_sessions',
      ]);
      for (const t of tools) {
        expect(t.description!.length).toBeGreaterThan(40);
        expect(t.inputSchema.type).toBe('object');
        expect(t.outputSchema?.type).toBe('object');
      }
      await client.close();
    });

    it('answers every tool with the same data as REST, valid against its outputSchema', async () => {
      const { client } = await connect(service, mode, account.token);
      const { tools } = await client.listTools();
      const schemaOf = (name: string) => ajv.compile(tools.find((t) => t.name === name)!.outputSchema!);
      const call = async (name: string, args: Record<string, unknown>) => {
        const result = await client.callTool({ name, arguments: args });
        expect(result.isError ?? false).toBe(false);
        const validate = schemaOf(name);
        expect(validate(result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
        // The data is the last text content (get_session opens with what happened, before it).
        const texts = (result.content as { type: string; text: string }[]).map((c) => c.text);
        expect(JSON.parse(texts.at(-1)!)).toEqual(result.structuredContent);
        expect(texts).toHaveLength(name === 'get_session' ? 2 : 1);
        return result.structuredContent as Record<string, unknown>;
      };
      expect(await call('get_quota', {})).toEqual(await (await account.fetch('/v1.0/quota')).json());
      const list = await call('list_sessions', { hasHigh: true, limit: 10 });
      expect(list).toEqual(await (await account.fetch('/v1.0/sessions?hasHigh=true&limit=10')).json());
      expect((list.data as { callscopeId: string }[]).map((s) => s.callscopeId)).toEqual([sessionId]);
      const session = await call('get_session', { callscopeId: sessionId, view: 'full' });
      expect(session).toEqual(await (await account.fetch(`/v1.0/sessions/${sessionId}`)).json());
      const explanation = await call('get_observation_explanation', { type: 'networkAudioLossIn' });
      expect(explanation).toEqual(
        await (await account.fetch('/v1.0/observations/networkAudioLossIn')).json(),
      );
      await client.close();
    });

    it('opens get_session with what happened on the call, the lines of data.whatHappened', async () => {
      const { client } = await connect(service, mode, account.token);
      const result = await client.callTool({
        name: 'get_session',
        arguments: { callscopeId: sessionId, view: 'full' },
      });
      const [first, second] = result.content as { type: string; text: string }[];
      const { data } = result.structuredContent as {
        data: { whatHappened: { at: string; severity: string; type: string; text: string }[] };
      };
      // The loss call: 10 % each way from the start; each path is a cause at high, with its effects.
      expect(data.whatHappened.map((l) => l.type).sort()).toEqual(['networkLossIn', 'networkLossOut']);
      expect(first!.type).toBe('text');
      const lines = first!.text.split('\n');
      expect(lines[0]).toBe('What happened:');
      expect(lines.slice(1)).toEqual(data.whatHappened.map((l) => `${l.at} (${l.severity}) ${l.text}`));
      expect(lines[1]).toMatch(
        /^0:0\d \(high\) The network path (to|from) this client lost [\d.]+ % of its packets from 0:0\d for \d+ s; /,
      );
      expect(JSON.parse(second!.text)).toEqual(result.structuredContent);
      // A call nothing went wrong on (the other account's clean call) says so, in one line.
      const theirs = await connect(service, mode, other.token);
      const quiet = await theirs.client.callTool({
        name: 'get_session',
        arguments: { callscopeId: otherSessionId },
      });
      // The summary (the default view) opens with the same text.
      expect((quiet.content as { text: string }[])[0]!.text).toBe(
        'What happened: nothing went wrong that callscope can see.',
      );
      await Promise.all([client.close(), theirs.client.close()]);
    });

    it('gives tool failures as JSON-RPC errors: no token, bad token, another account, bad arguments', async () => {
      const anonymous = await connect(service, mode);
      expect(await failure(anonymous.client, 'get_quota', {})).toMatchObject({
        code: -32000,
        data: { errorCode: 'authentication', status: 401 },
      });
      await anonymous.client.close();
      const bare = await connect(service, mode, undefined, account.token);
      const notBearer = await failure(bare.client, 'get_quota', {});
      expect(notBearer.data).toEqual({ errorCode: 'authentication', status: 401 });
      expect(notBearer.message).toMatch(/Authorization header must be "Bearer <application token>"/);
      await bare.client.close();
      const forged = await connect(service, mode, `${account.token.slice(0, -4)}AAAA`);
      expect((await failure(forged.client, 'get_quota', {})).data).toMatchObject({
        errorCode: 'authentication',
      });
      await forged.client.close();
      const { client } = await connect(service, mode, account.token);
      const theirs = await failure(client, 'get_session', { callscopeId: otherSessionId });
      expect(theirs).toMatchObject({ code: -32602, data: { errorCode: 'not_found', status: 404 } });
      expect(JSON.stringify(theirs)).not.toContain('clean');
      expect(await failure(client, 'list_sessions', { limit: 0 })).toMatchObject({
        code: -32602,
        data: { errorCode: 'invalid_request', status: 400 },
      });
      expect((await failure(client, 'get_observation_explanation', { type: 'nope' })).data).toMatchObject({
        errorCode: 'not_found',
      });
      expect(await failure(client, 'no_such_tool', {})).toMatchObject({ code: -32602 });
      await client.close();
    });

    it('answers bad arguments like any tool failure: a message naming the argument, errorCode in data', async () => {
      const { client } = await connect(service, mode, account.token);
      const refused = async (name: string, args: Record<string, unknown>) => {
        const e = await failure(client, name, args);
        expect(e.code).toBe(-32602);
        expect(e.data).toEqual({ errorCode: 'invalid_request', status: 400 });
        return e.message;
      };
      expect(await refused('get_session', { callscopeId: 'nope' })).toBe('callscopeId must be a UUID.');
      expect(await refused('get_observation_explanation', {})).toBe('type is required.');
      expect(await refused('list_sessions', { verbose: true })).toMatch(
        /^unknown argument verbose; list_sessions takes name, fileName, observationTags, /,
      );
      expect(await refused('list_sessions', { observationTags: ['audio', 'sound'] })).toBe(
        `observationTags: unknown value "sound"; allowed values are ${TAGS.join(', ')}.`,
      );
      expect(await refused('list_sessions', { limit: 0 })).toBe(
        'limit must be a whole number from 1 to 1000.',
      );
      expect(await refused('list_sessions', { hasHigh: 'yes' })).toBe('hasHigh must be true or false.');
      expect(await refused('list_sessions', { os: '' })).toBe('os must not be empty.');
      expect(await refused('list_sessions', { name: [] })).toBe('name needs at least one value.');
      // tools/list shows what the arguments may be.
      const { tools } = await client.listTools();
      const getSession = tools.find((t) => t.name === 'get_session')!;
      expect(getSession.inputSchema.properties?.callscopeId).toMatchObject({ format: 'uuid' });
      await client.close();
    });

    it('answers forbidden while the account has no API access', async () => {
      const suspended = await service.account({ credits: 1 });
      await service.ctx.storage.accounts.setApiAccess(suspended.id, false);
      const { client } = await connect(service, mode, suspended.token);
      expect(await failure(client, 'get_quota', {})).toMatchObject({
        code: -32000,
        data: { errorCode: 'forbidden', status: 403 },
      });
      await service.ctx.storage.accounts.setApiAccess(suspended.id, true);
      const allowed = await client.callTool({ name: 'get_quota', arguments: {} });
      expect(allowed.isError ?? false).toBe(false);
      await client.close();
    });
  });

  describe('2025-era sessions over raw HTTP', () => {
    it('opens a session at initialize, serves it, and ends it with DELETE', async () => {
      const init = await rpc(service, INIT);
      expect(init.status).toBe(200);
      const id = init.headers.get('mcp-session-id')!;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const headers = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
      const list = await rpc(service, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers);
      expect(list.status).toBe(200);
      expect(await list.text()).toContain('get_quota');
      const del = await fetch(`${service.url}/v1.0/mcp`, { method: 'DELETE', headers });
      expect(del.status).toBe(204);
      const after = await rpc(service, { jsonrpc: '2.0', id: 3, method: 'tools/list' }, headers);
      expect(after.status).toBe(404);
      expect(await after.json()).toEqual({
        jsonrpc: '2.0',
        error: { code: -32001, message: 'Session not found', data: { status: 404 } },
        id: null,
      });
    });

    it("ties a session opened with a token to that account: another caller gets the unknown session's 404", async () => {
      const init = await rpc(service, INIT, { authorization: `Bearer ${account.token}` });
      const id = init.headers.get('mcp-session-id')!;
      const session = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
      const notFound = {
        jsonrpc: '2.0',
        error: { code: -32001, message: 'Session not found', data: { status: 404 } },
        id: null,
      };
      const call = {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'get_quota', arguments: {} },
      };
      for (const token of [other.token, `${account.token.slice(0, -4)}AAAA`, undefined]) {
        const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
        const used = await rpc(service, call, { ...session, ...auth });
        expect(used.status).toBe(404);
        expect(await used.json()).toEqual(notFound);
        const ended = await fetch(`${service.url}/v1.0/mcp`, {
          method: 'DELETE',
          headers: { ...session, ...auth },
        });
        expect(ended.status).toBe(404);
        expect(await ended.json()).toEqual(notFound);
      }
      const owner = { ...session, authorization: `Bearer ${account.token}` };
      const mine = await rpc(service, call, owner);
      expect(mine.status).toBe(200);
      expect(await mine.text()).toContain('remainingCredits');
      expect((await fetch(`${service.url}/v1.0/mcp`, { method: 'DELETE', headers: owner })).status).toBe(204);
    });

    it('answers a tool failure with HTTP 200 and a JSON-RPC error for the request inside the stream', async () => {
      const init = await rpc(service, INIT);
      const session = {
        'mcp-session-id': init.headers.get('mcp-session-id')!,
        'mcp-protocol-version': '2025-11-25',
      };
      const call = {
        jsonrpc: '2.0',
        id: 'q-7',
        method: 'tools/call',
        params: { name: 'get_quota', arguments: {} },
      };
      const res = await rpc(service, call, session);
      expect(res.status).toBe(200);
      const text = await res.text();
      // One message, in an event stream or a JSON body (the SDK chooses): the request's id, no result.
      const message = JSON.parse(
        res.headers.get('content-type')!.startsWith('text/event-stream')
          ? text
              .split('\n')
              .find((l) => l.startsWith('data:'))!
              .slice(5)
          : text,
      );
      expect(message).toEqual({
        jsonrpc: '2.0',
        id: 'q-7',
        error: {
          code: -32000,
          message: expect.stringContaining('needs the account token'),
          data: { errorCode: 'authentication', status: 401 },
        },
      });
    });

    it('lets any caller use a session opened without a token', async () => {
      const init = await rpc(service, INIT);
      const session = {
        'mcp-session-id': init.headers.get('mcp-session-id')!,
        'mcp-protocol-version': '2025-11-25',
      };
      const call = {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'get_quota', arguments: {} },
      };
      const withToken = await rpc(service, call, { ...session, authorization: `Bearer ${other.token}` });
      expect(withToken.status).toBe(200);
      expect(await withToken.text()).toContain('remainingCredits');
      const ended = await fetch(`${service.url}/v1.0/mcp`, { method: 'DELETE', headers: session });
      expect(ended.status).toBe(204);
    });

    it('opens no session when initialize is refused', async () => {
      // expire() with a cut-off in the future removes every session and says how many there were.
      const sessions = () => service.ctx.storage.mcpSessions.expire(Number.MAX_SAFE_INTEGER);
      await sessions();
      const noParams = await rpc(service, { jsonrpc: '2.0', id: 7, method: 'initialize' });
      expect(noParams.status).toBe(200);
      expect(noParams.headers.get('mcp-session-id')).toBeNull();
      expect(await noParams.json()).toEqual({
        jsonrpc: '2.0',
        id: 7,
        error: {
          code: -32602,
          message: expect.stringContaining('Invalid params'),
        },
      });
      const noClientInfo = await rpc(service, { ...INIT, params: { ...INIT.params, clientInfo: undefined } });
      expect(noClientInfo.headers.get('mcp-session-id')).toBeNull();
      expect(await noClientInfo.json()).toMatchObject({ id: 1, error: { code: -32602 } });
      // Refused by the SDK itself: the client does not accept an event stream.
      const notAcceptable = await rpc(service, INIT, { accept: 'application/json' });
      expect(notAcceptable.status).toBe(406);
      expect(notAcceptable.headers.get('mcp-session-id')).toBeNull();
      expect(await sessions()).toBe(0);
      const opened = await rpc(service, INIT);
      expect(opened.headers.get('mcp-session-id')).toBeTruthy();
      expect(await opened.text()).toContain('"result"');
      expect(await sessions()).toBe(1);
    });

    it('answers HTTP-level failures in the JSON-RPC envelope with id null and error {code, message, data}', async () => {
      // The specification's transport error: data is there on every one, with the HTTP status.
      const envelope = async (res: Response, code: number) => {
        const body = (await res.json()) as { error: { code: number; message: string; data: unknown } };
        expect(body).toMatchObject({ jsonrpc: '2.0', error: { code }, id: null });
        expect(body.error.message.length).toBeGreaterThan(0);
        expect(body.error.data).toMatchObject({ status: res.status });
      };
      await envelope(await rpc(service, INIT, { accept: 'application/json' }), -32000);
      const invalid = await rpc(service, '{not json');
      expect(invalid.status).toBe(400);
      await envelope(invalid, -32700);
      const noSession = await rpc(
        service,
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        { 'mcp-protocol-version': '2025-11-25' },
      );
      expect(noSession.status).toBe(400);
      await envelope(noSession, -32000);
      const unknown = await rpc(
        service,
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        { 'mcp-session-id': 'nope', 'mcp-protocol-version': '2025-11-25' },
      );
      expect(unknown.status).toBe(404);
      await envelope(unknown, -32001);
      // In a live session, a request the SDK refuses (no jsonrpc member) keeps id null too.
      const init = await rpc(service, INIT);
      const live = {
        'mcp-session-id': init.headers.get('mcp-session-id')!,
        'mcp-protocol-version': '2025-11-25',
      };
      const malformed = await rpc(service, { id: 3, method: 'tools/list' }, live);
      expect(malformed.status).toBe(400);
      await envelope(malformed, -32600);
      const get = await fetch(`${service.url}/v1.0/mcp`, { headers: { accept: 'text/event-stream' } });
      expect(get.status).toBe(405);
      await envelope(get, -32000);
      // A body past the endpoint's limit, refused before the SDK sees it.
      const huge = await rpc(service, {
        jsonrpc: '2.0',
        id: 4,
        method: 'ping',
        params: { pad: 'x'.repeat(MAX_BODY) },
      });
      expect(huge.status).toBe(413);
      await envelope(huge, -32000);
    });

    it('refuses a foreign Origin (DNS rebinding protection)', async () => {
      const res = await rpc(service, INIT, { origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null });
    });

    it('is served on the site alias too', async () => {
      const res = await fetch(`${service.url}/api/callscope/v1.0/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify(INIT),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('mcp-session-id')).toBeTruthy();
    });
  });
});

describe('MCP sessions count in the reads limit', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService({
      CALLSCOPE_RATE_READS: '3',
      CALLSCOPE_RATE_WINDOW_MS: NO_WINDOW_BOUNDARY_MS,
    });
  });
  afterAll(async () => {
    await service.close();
  });

  it("without a token against the caller's address, with one against the account: nobody fills the table", async () => {
    const sessions = () => service.ctx.storage.mcpSessions.expire(Number.MAX_SAFE_INTEGER);
    for (let i = 0; i < 3; i++) expect((await rpc(service, INIT)).headers.get('mcp-session-id')).toBeTruthy();
    const refused = await rpc(service, INIT);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.get('mcp-session-id')).toBeNull();
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message: expect.stringMatching(/^Too many reads requests.*bearer token/),
        data: { status: 429, errorCode: 'rate_limited' },
      },
      id: null,
    });
    expect(await sessions()).toBe(3);
    // With the token, the account's own limit applies, not the address's; it counts sessions too.
    const account = await service.account();
    const auth = { authorization: `Bearer ${account.token}` };
    for (let i = 0; i < 3; i++)
      expect((await rpc(service, INIT, auth)).headers.get('mcp-session-id')).toBeTruthy();
    const over = await rpc(service, INIT, auth);
    expect(over.status).toBe(429);
    expect(over.headers.get('mcp-session-id')).toBeNull();
    expect(((await over.json()) as { error: { message: string } }).error.message).not.toMatch(/bearer token/);
    expect(await sessions()).toBe(3);
  });

  it('behind a trusted proxy, counts each client by its forwarded address', async () => {
    const proxied = await startService({
      CALLSCOPE_RATE_READS: '2',
      CALLSCOPE_RATE_WINDOW_MS: NO_WINDOW_BOUNDARY_MS,
      CALLSCOPE_TRUST_PROXY: '127.0.0.1',
    });
    try {
      const from = (address: string) => rpc(proxied, INIT, { 'x-forwarded-for': address });
      for (let i = 0; i < 2; i++) expect((await from('203.0.113.7')).status).toBe(200);
      expect((await from('203.0.113.7')).status).toBe(429);
      expect((await from('198.51.100.9')).status).toBe(200);
      // An IPv6 client picks any address of its /64: they all count as one.
      expect((await from('2001:db8:7:1::a')).status).toBe(200);
      expect((await from('2001:db8:7:1::b')).status).toBe(200);
      expect((await from('2001:db8:7:1:1:2:3:4')).status).toBe(429);
      expect((await from('2001:db8:7:2::a')).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
