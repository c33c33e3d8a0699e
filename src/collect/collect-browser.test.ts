import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../../test/support/service.js';
import { analyzeDump } from '../analysis/analyze-dump.js';
import { DETECTOR_BY_TYPE } from '../detectors/index.js';
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import { chromiumPath } from '../web/test-support/browser.js';
import { CALL_PAGE, jitsiClient, v3Recorder, wrapRtcstats } from './test-support/call-page.js';
import { bundleJitsiRtcstats, canBundleJitsi } from './test-support/jitsi-bundle.js';

// Proof with real clients: Chromium makes a call in a page whose collecting client streams it to
// a running callscope; the saved session must tell what the same browser's webrtc-internals dump
// tells of that call. The clients come from node_modules when the npm registry has them there
// (`rtcstats`, and `@jitsi/rtcstats`, bundled with esbuild as an app would); the rtcstats-js
// protocol, whose package is not on the registry, from frames written to its format.

const executable = chromiumPath();
const require = createRequire(import.meta.url);
const resolves = (name: string) => {
  try {
    return require.resolve(name);
  } catch {
    return undefined;
  }
};

let service: TestService;
let pages: Server;
let pageOrigin: string;
let client = '';
beforeAll(async () => {
  service = await startService({ CALLSCOPE_COLLECT_FLUSH_MS: '500' });
  pages = createServer((req, res) => {
    if (req.url === '/client.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(client);
    else if (req.url === '/call.html') res.writeHead(200, { 'content-type': 'text/html' }).end(CALL_PAGE);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => pages.listen(0, '127.0.0.1', r));
  pageOrigin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await service?.close();
  await new Promise((r) => pages?.close(r));
}, 60_000);

/**
 * The call as both analyses see it: connections, media streams, medium+ observation types. Those
 * measured on a stream's media or a candidate pair (categories `streams` and `pairs`: freezes,
 * round-trip times…) are left out: each recording measures them over its own polls up to the
 * moment it stopped, and on a loaded machine they disagreed on this 8 s call (a video freeze and
 * an outgoing round-trip time medium in the webrtc-internals export, below it in the streamed
 * recording of the same call).
 */
function essentials(d: AnalyzeResponseData) {
  return {
    connections: d.pConnectionsNumber,
    connectivity: d.connectivity,
    streams: Object.values(d.streams)
      .filter((s) => s.kind !== 'data')
      .map((s) => `${s.direction}/${s.kind}/${s.ssrc}`)
      .sort(),
    observations: [
      ...new Set(
        d.observations
          .filter((o) => ['critical', 'high', 'medium'].includes(o.severity))
          .filter((o) => !['streams', 'pairs'].includes(DETECTOR_BY_TYPE.get(o.type)?.meta.category ?? ''))
          .map((o) => o.type),
      ),
    ].sort(),
  };
}

/** The saved session, and the close codes the client saw when it says (window.collectClosed). */
async function callAndCompare(
  makeClient: (wsUrl: string) => string,
): Promise<{ data: AnalyzeResponseData; clientCloses: number[] | null }> {
  const account = await service.account({ credits: 3 });
  const { token } = await service.ctx.tokens.issue(account.id, 'page', 'collect', Date.now(), {
    origins: [pageOrigin],
  });
  client = makeClient(`${service.url.replace('http', 'ws')}/v1.0/collect/${token}`);
  const browser = await chromium.launch({
    executablePath: executable!,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--disable-background-networking',
    ],
  });
  try {
    const context = await browser.newContext({ acceptDownloads: true });
    const internals = await context.newPage();
    await internals.goto('chrome://webrtc-internals/?keepRemovedConnections');
    await internals.waitForSelector('#dump-click-target', { state: 'attached' });
    const page = await context.newPage();
    await page.goto(`${pageOrigin}/call.html`);
    expect(await page.evaluate('window.runCall(8)')).toBe('connected');
    await page.evaluate('window.stopCall()');
    await internals.evaluate(() => {
      const d = (
        globalThis as unknown as { document: { querySelector(s: string): { open: boolean } | null } }
      ).document;
      const details = d.querySelector('details.peer-connection-dump-root');
      if (details) details.open = true;
    });
    const [download] = await Promise.all([
      internals.waitForEvent('download', { timeout: 30_000 }),
      internals.click('#dump-click-target'),
    ]);
    const internalsDump = readFileSync((await download.path())!);
    await page.evaluate('window.endCollect()');
    const deadline = Date.now() + 90_000;
    let sessionId: string | null = null;
    while (!sessionId && Date.now() < deadline) {
      const row = await service.ctx.storage.database.db
        .selectFrom('collect_calls')
        .select(['state', 'session_id'])
        .where('account_id', '=', account.id)
        .executeTakeFirst();
      sessionId = row?.state === 'done' ? row.session_id : null;
      if (!sessionId) await new Promise((r) => setTimeout(r, 200));
    }
    expect(sessionId).toBeTruthy();
    const saved = (await (await account.fetch(`/v1.0/sessions/${sessionId}`)).json()) as {
      data: AnalyzeResponseData;
    };
    const reference = (await analyzeDump(internalsDump)).data;
    expect(essentials(saved.data)).toEqual(essentials(reference));
    expect(saved.data.metadata.origin).toBe(pageOrigin);
    await page.waitForFunction('!window.collectClosed || window.collectClosed.length > 0');
    const clientCloses = (await page.evaluate(
      'window.collectClosed ? window.collectClosed.map((e) => e.code) : null',
    )) as number[] | null;
    return { data: saved.data, clientCloses };
  } finally {
    await browser.close();
  }
}

describe.skipIf(!executable)('real clients in Chromium stream a call that callscope saves', () => {
  it.skipIf(!resolves('rtcstats/rtcstats.js'))(
    'the rtcstats npm client (protocol 2.0), from node_modules',
    async () => {
      const main = readFileSync(require.resolve('rtcstats/rtcstats.js'), 'utf8');
      const traceWs = readFileSync(require.resolve('rtcstats/trace-ws.js'), 'utf8');
      await callAndCompare((ws) => wrapRtcstats(main, traceWs, ws));
    },
    180_000,
  );

  for (const sendSdp of [true, false])
    it.skipIf(!canBundleJitsi())(
      `@jitsi/rtcstats (protocol 3.1_STANDARD), from node_modules, sendSdp ${sendSdp}`,
      async () => {
        const bundle = await bundleJitsiRtcstats();
        const identity = { displayName: 'alice', confName: 'room-1', meetingUniqueId: 'meeting-7' };
        const { data, clientCloses } = await callAndCompare((ws) =>
          jitsiClient(bundle, ws, { sendSdp, meeting: 'room-1@conference.meet.example', identity }),
        );
        // Its own goodbye: callscope never closed it.
        expect(clientCloses).toEqual([3001]);
        expect(data.metadata.format).toBe('jitsi-rtcstats');
        expect(data.metadata.clientProtocol).toBe('3.1_STANDARD');
        expect([data.metadata.userId, data.metadata.conferenceId, data.metadata.sessionId]).toEqual([
          'alice',
          'room-1',
          'meeting-7',
        ]);
        // Without the SDP (jitsi-meet's default) the checks that read it are not applicable.
        expect(data.metadata.notApplicable.includes('mungedLocalSdp')).toBe(!sendSdp);
      },
      180_000,
    );

  it('the rtcstats-js protocol (file format 3), from frames written to its published format', async () => {
    await callAndCompare((ws) => v3Recorder(ws));
  }, 180_000);
});
