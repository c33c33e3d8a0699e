import { readFileSync } from 'node:fs';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/fixtures.js';
import { startService, type TestAccount, type TestService } from '../../test/support/service.js';
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import { SUMMARY_PAGE } from './session-summary.js';

/** The largest dump of test/fixtures the analysis reads (1.2 MB: 25 observations, 22 streams). */
const LARGEST = 'jitsi/google-legacy-stats-multiple-pc';

type Texts = { type: string; text: string }[];

describe('MCP get_session views, get_stream_series and the size of tools/list', () => {
  let service: TestService;
  let account: TestAccount;
  let client: Client;
  let id: string;
  let full: { data: AnalyzeResponseData };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);

  beforeAll(async () => {
    service = await startService();
    account = await service.account();
    const res = await account.fetch(`/v1.0/analyze?save=true&fileName=${LARGEST.split('/')[1]}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: readFileSync(fixture(...LARGEST.split('/'))),
    });
    id = ((await res.json()) as { callscopeId: string }).callscopeId;
    full = (await (await account.fetch(`/v1.0/sessions/${id}`)).json()) as typeof full;
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

  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    const { tools } = await client.listTools();
    const validate = ajv.compile(tools.find((t) => t.name === name)!.outputSchema!);
    expect(validate(result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
    return result as { content: Texts; structuredContent: Record<string, unknown> };
  };

  it('lists six tools in under 12 KB, every output schema typed', async () => {
    const listed = await client.listTools();
    const bytes = Buffer.byteLength(JSON.stringify(listed));
    expect(bytes).toBeLessThan(12 * 1024);
    expect(listed.tools.map((t) => t.name).sort()).toEqual([
      'get_insights',
      'get_observation_explanation',
      'get_quota',
      'get_session',
      'get_stream_series',
      'list_sessions',
    ]);
    // Typed: no property without a type (or enum, or union of types), get_session's full data aside.
    const untyped: string[] = [];
    const walk = (schema: Record<string, unknown>, path: string) => {
      const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      for (const [name, p] of Object.entries(props)) {
        const where = `${path}.${name}`;
        if (!('type' in p) && !('enum' in p) && !('anyOf' in p)) untyped.push(where);
        walk(p, where);
        if (p.items) walk(p.items as Record<string, unknown>, `${where}[]`);
      }
    };
    for (const t of listed.tools) walk(t.outputSchema as Record<string, unknown>, t.name);
    expect(untyped).toEqual([]);
  });

  it('answers a summary under 4 KB by default: the story first, scores, counts, one line per thing', async () => {
    const result = await call('get_session', { callscopeId: id });
    const summary = result.structuredContent.summary as {
      whatHappened: string[];
      scores: { experience: number };
      observationsCount: Record<string, number>;
      observations: {
        total: number;
        offset: number;
        items: { type: string; severity: string; at: string }[];
      };
      connections: string[];
      streams: { total: number; items: string[] };
    };
    expect(result.structuredContent).not.toHaveProperty('data');
    const bytes = Buffer.byteLength(JSON.stringify(result.structuredContent));
    expect(bytes).toBeLessThan(4096);
    // The whole payload of this call, for scale.
    expect(Buffer.byteLength(JSON.stringify(full))).toBeGreaterThan(40 * bytes);
    const { data } = full;
    expect(result.content[0]!.text.split('\n').slice(1)).toEqual(summary.whatHappened);
    // The story's first lines, the last of them saying how many more the full view has.
    const lines = data.whatHappened.map((l) => `${l.at} (${l.severity}) ${l.text}`);
    expect(lines.length).toBeGreaterThan(SUMMARY_PAGE.storyLines);
    const shown = SUMMARY_PAGE.storyLines - 1;
    expect(summary.whatHappened).toEqual([
      ...lines.slice(0, shown),
      `… and ${lines.length - shown} more (view: full)`,
    ]);
    expect(summary.scores.experience).toBe(data.experienceScore);
    expect(summary.observationsCount).toEqual(data.observationsCount);
    expect(summary.observations.total).toBe(data.observations.length);
    expect(summary.observations.items).toHaveLength(SUMMARY_PAGE.observations);
    // Worst first; each trimmed to type, severity, side, when and meaning.
    const rank = ['critical', 'high', 'medium', 'low', 'info'];
    const ranks = summary.observations.items.map((o) => rank.indexOf(o.severity));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    for (const o of summary.observations.items) {
      expect(
        Object.keys(o).filter((k) => !['type', 'severity', 'side', 'at', 'meaning'].includes(k)),
      ).toEqual([]);
      expect(o.at).toMatch(/^\d+:\d\d$/);
    }
    expect(summary.connections).toHaveLength(Object.keys(data.pConnections).length);
    expect(summary.streams.total).toBe(Object.keys(data.streams).length);
    expect(summary.streams.items).toHaveLength(SUMMARY_PAGE.streams);
    expect(summary.streams.items[0]).toMatch(
      new RegExp(`^${Object.keys(data.streams)[0]}: (audio|video) (in|out)`),
    );
    for (const line of [...summary.connections, ...summary.streams.items]) expect(line).not.toContain('\n');
  });

  it('pages observations and streams and adds the observation fields asked for', async () => {
    const result = await call('get_session', {
      callscopeId: id,
      observationsOffset: 20,
      observationsLimit: 50,
      streamsOffset: 20,
      fields: ['tags', 'indicators'],
    });
    const summary = result.structuredContent.summary as {
      observations: { offset: number; items: { tags: string[]; indicators: object }[] };
      streams: { items: string[] };
    };
    expect(summary.observations.offset).toBe(20);
    expect(summary.observations.items).toHaveLength(full.data.observations.length - 20);
    for (const o of summary.observations.items) {
      expect(Array.isArray(o.tags)).toBe(true);
      expect(typeof o.indicators).toBe('object');
    }
    expect(summary.streams.items).toHaveLength(Object.keys(full.data.streams).length - 20);
    await expect(
      client.callTool({ name: 'get_session', arguments: { callscopeId: id, fields: ['sdp'] } }),
    ).rejects.toMatchObject({
      code: -32602,
      data: { errorCode: 'invalid_request' },
    });
  });

  it("answers view full with REST's whole session reply", async () => {
    const result = await call('get_session', { callscopeId: id, view: 'full' });
    expect(result.structuredContent).toEqual(full);
  });

  it("gives one stream's series over a window, and names the streams when the key is wrong", async () => {
    const [key, stream] = Object.entries(full.data.streams).find(([, s]) => s.series.t.length > 10)!;
    const start = Date.parse(full.data.callStart!);
    const all = await call('get_stream_series', { callscopeId: id, stream: key });
    expect(all.structuredContent.t).toEqual(stream.series.t);
    const fromS = Math.ceil((stream.series.t[2]! - start) / 1000);
    const toS = Math.floor((stream.series.t.at(-3)! - start) / 1000);
    const window = await call('get_stream_series', {
      callscopeId: id,
      stream: key,
      fromS,
      toS,
      metrics: ['bitrateKbps'],
    });
    const t = window.structuredContent.t as number[];
    expect(t.length).toBeGreaterThan(0);
    expect(t.length).toBeLessThan(stream.series.t.length);
    for (const at of t) expect((at - start) / 1000).toBeGreaterThanOrEqual(fromS);
    for (const at of t) expect((at - start) / 1000).toBeLessThanOrEqual(toS);
    const series = window.structuredContent.series as Record<string, (number | null)[]>;
    expect(Object.keys(series)).toEqual(['bitrateKbps']);
    const first = stream.series.t.indexOf(t[0]!);
    expect(series.bitrateKbps).toEqual(
      (stream.series as Record<string, (number | null)[]>).bitrateKbps!.slice(first, first + t.length),
    );
    await expect(
      client.callTool({ name: 'get_stream_series', arguments: { callscopeId: id, stream: 'nope' } }),
    ).rejects.toMatchObject({
      code: -32602,
      data: { errorCode: 'not_found' },
      message: expect.stringContaining(key),
    });
    await expect(
      client.callTool({
        name: 'get_stream_series',
        arguments: { callscopeId: id, stream: key, fromS: 9, toS: 1 },
      }),
    ).rejects.toMatchObject({ data: { errorCode: 'invalid_request' } });
  });
});
