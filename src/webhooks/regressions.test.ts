import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteStorage, type TestStorage } from '../../test/support/databases.js';
import type { NewSession } from '../storage/index.js';
import { abstract, newSession } from '../storage/sessions.contract.js';
import { checkRegressions, WINDOW_MS } from './regressions.js';
import { WebhookStore } from './store.js';

const NOW = Date.UTC(2026, 11, 6, 12);

/** A session started `ago` ms before NOW, with an iceFailure cause or not. */
function session(accountId: string, ago: number, failed: boolean): NewSession {
  const start = NOW - ago;
  return newSession(accountId, {
    id: randomUUID(),
    createdAt: start,
    callStart: start,
    callEnd: start,
    abstract: abstract({
      os: 'macOS',
      experienceScore: failed ? 40 : 90,
      observationsCritical: failed ? 1 : 0,
      scoreBand: failed ? 'low' : 'high',
    }),
    insight: {
      audioScore: 4,
      videoScore: 4,
      connectivityScore: 4,
      observationsScore: 40,
      rttMs: 50,
      jitterMs: 5,
      packetLossPercent: 0,
      bitrateInKbps: 500,
      bitrateOutKbps: 500,
      observations: failed ? [{ type: 'iceConnectionFailed', severity: 'critical' }] : [],
      causes: failed ? [{ type: 'iceFailure', severity: 'critical' }] : [],
    },
  });
}

describe('insights.regression check', () => {
  let t: TestStorage;
  let store: WebhookStore;

  beforeAll(async () => {
    t = await sqliteStorage();
    store = new WebhookStore(t.storage.database.db, t.storage.database.dialect);
  });
  afterAll(async () => t?.cleanup());

  it('tells a significant rise of a bad-call share once per period, to the webhooks that take it', async () => {
    const { storage } = t;
    const account = (await storage.accounts.create({ name: 'r', plan: 'developer', credits: 1, email: null }))
      .id;
    const quiet = (await storage.accounts.create({ name: 'q', plan: 'developer', credits: 1, email: null }))
      .id;
    const hook = await store.create({
      accountId: account,
      url: 'https://hooks.example/r',
      secret: 's',
      events: ['insights.regression'],
      format: 'json',
      description: null,
      now: NOW,
    });
    await store.create({
      accountId: account,
      url: 'https://hooks.example/s',
      secret: 's',
      events: ['insights.regression'],
      format: 'slack',
      description: null,
      now: NOW,
    });
    const sessionsOnly = await store.create({
      accountId: account,
      url: 'https://hooks.example/x',
      secret: 's',
      events: ['session.analyzed'],
      format: 'json',
      description: null,
      now: NOW,
    });
    await store.create({
      accountId: quiet,
      url: 'https://hooks.example/q',
      secret: 's',
      events: ['insights.regression'],
      format: 'json',
      description: null,
      now: NOW,
    });
    // Baseline week: 1 failure in 60 calls; this week: 24 in 60. The quiet account: the same both weeks.
    const hour = 3_600_000;
    for (let i = 0; i < 60; i++) {
      await storage.sessions.insert(session(account, WINDOW_MS + (i + 1) * 2 * hour, i === 0));
      await storage.sessions.insert(session(account, (i + 1) * 2 * hour, i < 24));
      await storage.sessions.insert(session(quiet, WINDOW_MS + (i + 1) * 2 * hour, i < 3));
      await storage.sessions.insert(session(quiet, (i + 1) * 2 * hour, i < 3));
    }
    const check = (now: number) =>
      checkRegressions({ storage, store, now, apiUrl: 'https://callscope.example' });
    const first = await check(NOW);
    expect(first).toBeGreaterThan(0);
    const log = await store.deliveries(hook.id, { limit: 100, offset: 0 });
    const claimed = await store.claim('t', NOW + 1, 1_000, 100);
    const bodies = claimed.filter((c) => c.url.endsWith('/r')).map((c) => JSON.parse(c.body));
    const cause = bodies.find((b) => b.data.kind === 'cause' && b.data.name === 'iceFailure');
    expect(cause).toMatchObject({
      type: 'insights.regression',
      data: {
        baseline: { sessions: 60, withIt: 1 },
        current: { sessions: 60, withIt: 24, share: 0.4 },
        pValue: expect.any(Number),
        insightsUrl: expect.stringMatching(/^https:\/\/callscope\.example\/v1\.0\/insights\?from=/),
      },
    });
    expect(cause.data.change).toBeGreaterThan(0.3);
    expect(bodies.map((b) => `${b.data.kind}:${b.data.name}`)).toEqual(
      expect.arrayContaining(['score:lowScore', 'severity:withCritical', 'cause:iceFailure']),
    );
    const text = JSON.parse(claimed.find((c) => c.url.endsWith('/s') && c.body.includes('iceFailure'))!.body);
    expect(text.text).toMatch(/regression: iceFailure \(cause\) went from 1\.7 % to 40\.0 % of sessions/);
    expect(log.totalCount).toBe(bodies.length);
    expect((await store.deliveries(sessionsOnly.id, { limit: 10, offset: 0 })).totalCount).toBe(0);
    // No other account hears of it, and the quiet one has nothing to tell.
    expect(claimed.every((c) => c.url.endsWith('/r') || c.url.endsWith('/s'))).toBe(true);
    // Later checks in the same period (and other nodes' checks) add nothing.
    expect(await check(NOW + 3_600_000)).toBe(0);
    expect(await check(NOW)).toBe(0);
  });
});
