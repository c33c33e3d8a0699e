import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dump, raw } from '../../test/support/api-requests.js';
import { startService, type TestAccount, type TestService } from '../../test/support/service.js';

type Texts = { type: string; text: string }[];

describe('MCP get_insights', () => {
  let service: TestService;
  let account: TestAccount;
  let client: Client;

  beforeAll(async () => {
    service = await startService({ CALLSCOPE_RATE_READS: '1000', CALLSCOPE_RATE_INGEST: '1000' });
    account = await service.account({ credits: 10 });
    for (const path of [
      'chromium156/clean/webrtc_internals_dump.txt',
      'chromium156/ice-fail/webrtc_internals_dump.txt',
    ])
      await account.fetch('/v1.0/upload?fileName=x.txt', raw(dump(path)));
    const transport = new StreamableHTTPClientTransport(new URL(`${service.url}/v1.0/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${account.token}` } },
    });
    client = new Client({ name: 'callscope-test', version: '1.0' });
    await client.connect(transport);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await service?.close();
  });

  it('answers with the same figures as REST, compactly, with a lead line', async () => {
    const result = (await client.callTool({
      name: 'get_insights',
      arguments: { groupBy: 'browser', top: 3 },
    })) as {
      content: Texts;
      structuredContent: { source: string; total: { sessions: number; top: string[] }; groups: unknown[] };
    };
    const rest = (await (await account.fetch('/v1.0/insights?groupBy=browser&top=3')).json()) as {
      total: { sessions: number; observations: unknown[] };
      groups: unknown[];
    };
    expect(result.structuredContent.total.sessions).toBe(rest.total.sessions);
    expect(result.structuredContent.total.sessions).toBe(2);
    expect(result.structuredContent.groups).toHaveLength(rest.groups.length);
    expect(result.structuredContent.total.top.length).toBe(rest.total.observations.length);
    expect(result.content[0]!.text).toMatch(/^2 sessions; experience mean/);
    expect(Buffer.byteLength(result.content[1]!.text)).toBeLessThan(4096);
    // list_sessions' filters, by a scan, and a comparison.
    const flagged = (await client.callTool({
      name: 'get_insights',
      arguments: {
        observationFlags: ['iceFailure'],
        hasCritical: true,
        compare: 'browserVersion',
        baseline: '1',
        current: '156',
      },
    })) as { structuredContent: { source: string; compare: { sessions: number[]; regressions: string[] } } };
    expect(flagged.structuredContent.source).toBe('scan');
    expect(flagged.structuredContent.compare.sessions).toEqual([0, 1]);
    expect(flagged.structuredContent.compare.regressions).toEqual([]);
  });

  it('refuses an unknown argument and a malformed one as invalid_request', async () => {
    for (const args of [{ limit: 10 }, { groupBy: 'planet' }, { from: 'yesterday' }]) {
      const error = await client.callTool({ name: 'get_insights', arguments: args }).then(
        () => undefined,
        (e: unknown) => e as { code: number; data: Record<string, unknown> },
      );
      expect(error, JSON.stringify(args)).toMatchObject({
        code: -32602,
        data: { errorCode: 'invalid_request' },
      });
    }
  });
});
