import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CollectClient, clientMessages, connectClient } from '../../test/support/collect-clients.js';
import { fixture } from '../../test/support/fixtures.js';
import { reencodeAsV3 } from '../../test/support/rtcstats-v3-encoder.js';
import { startService, type TestService } from '../../test/support/service.js';
import { waitFor } from '../../test/support/wait-for.js';
import { analyzeDump } from '../analysis/analyze-dump.js';
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import type { Protocol } from './protocols.js';

const dumps: Record<Protocol, { path: string; text: () => string }> = {
  'rtcstats-v3': {
    path: fixture('chromium156', 'clean', 'chromium_rtcstats_dump.gz'),
    text: () =>
      reencodeAsV3(
        gunzipSync(readFileSync(fixture('chromium156', 'clean', 'chromium_rtcstats_dump.gz'))).toString(),
      ),
  },
  'rtcstats-2': {
    path: fixture('chromium156', 'clean', 'rtcstats_dump.caller.txt'),
    text: () => readFileSync(fixture('chromium156', 'clean', 'rtcstats_dump.caller.txt'), 'utf8'),
  },
  jitsi: {
    path: fixture('jitsi', 'google-standard-stats-p2p'),
    text: () => readFileSync(fixture('jitsi', 'google-standard-stats-p2p'), 'utf8'),
  },
};

/** What a collected session must share with the analysis of the dump it replays. */
function essentials(d: AnalyzeResponseData) {
  return {
    connections: d.pConnectionsNumber,
    connectivity: d.connectivity,
    streams: Object.values(d.streams)
      .map((s) => `${s.direction}/${s.kind}/${s.ssrc}/${s.packets}`)
      .sort(),
    observations: [
      ...new Set(
        d.observations.filter((o) => ['critical', 'high', 'medium'].includes(o.severity)).map((o) => o.type),
      ),
    ].sort(),
  };
}

let service: TestService;
beforeAll(async () => {
  service = await startService({
    CALLSCOPE_COLLECT_FLUSH_MS: '100',
    CALLSCOPE_COLLECT_IDLE_TIMEOUT_MS: '2000',
  });
}, 60_000);
afterAll(async () => service?.close(), 60_000);

async function collectToken(accountId: string, origins?: string[]): Promise<string> {
  const { token } = await service.ctx.tokens.issue(accountId, 'page', 'collect', Date.now(), {
    ...(origins ? { origins } : {}),
  });
  return token;
}

const wsUrl = (token: string, rest = '') =>
  `${service.url.replace('http', 'ws')}/v1.0/collect/${token}${rest}`;

/** The account's collected calls once they are all in `state` (polled, bounded). */
async function callsOf(accountId: string, state: string) {
  return waitFor(`calls ${state}`, async () => {
    const rows = await service.ctx.storage.database.db
      .selectFrom('collect_calls')
      .selectAll()
      .where('account_id', '=', accountId)
      .execute();
    return rows.length > 0 && rows.every((r) => r.state === state) ? rows : undefined;
  });
}

async function sendAll(client: CollectClient, messages: string[]): Promise<void> {
  for (const m of messages) client.send(m);
}

describe('live collection: each client protocol becomes a saved session', () => {
  for (const protocol of ['rtcstats-v3', 'rtcstats-2', 'jitsi'] as const) {
    it(`${protocol}: the saved session matches the analysis of the same dump, under the ids given`, async () => {
      const account = await service.account({ credits: 5 });
      const token = await collectToken(account.id);
      const messages = clientMessages(protocol, dumps[protocol].text(), 'jitsi-session-1');
      const client = await connectClient(
        wsUrl(token, `/room/1?user=alice-${protocol}&conference=conf-9`),
        protocol,
        { origin: 'https://app.example' },
      );
      await sendAll(client, messages);
      client.ws.close(protocol === 'jitsi' ? 3001 : 1000);
      await callsOf(account.id, 'done');
      const listed = await account.fetch(`/v1.0/sessions?userId=alice-${protocol}`);
      const sessions = ((await listed.json()) as { data: { callscopeId: string }[] }).data;
      expect(sessions).toHaveLength(1);
      const saved = (await (await account.fetch(`/v1.0/sessions/${sessions[0]!.callscopeId}`)).json()) as {
        data: AnalyzeResponseData;
      };
      const reference = (await analyzeDump(dumps[protocol].path)).data;
      expect(essentials(saved.data)).toEqual(essentials(reference));
      expect(saved.data.metadata.conferenceId).toBe('conf-9');
      const quota = (await (await account.fetch('/v1.0/quota')).json()) as { remainingCredits: number };
      expect(quota.remainingCredits).toBe(4);
    }, 120_000);
  }
});
