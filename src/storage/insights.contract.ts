/**
 * The insights part of the storage contract: after any sequence of saves, re-analyses, edits and
 * deletes, the rollup cells equal a recount from the sessions, and an answer from the rollups
 * equals the same answer read from the sessions.
 */
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type InsightsRequest, insights } from '../service/insights.js';
import type { NewSession, SessionAbstract, SessionInsight, Storage } from './index.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 5);
const TYPES = ['iceFailure', 'networkLossIn', 'cpuLimitation', 'highFreezeDuration'];
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;

const score = (min: number, max: number) =>
  fc.option(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), { nil: null });

const observation = fc.record({ type: fc.constantFrom(...TYPES), severity: fc.constantFrom(...SEVERITIES) });

const insightArb: fc.Arbitrary<SessionInsight> = fc.record({
  audioScore: score(1, 5),
  videoScore: score(1, 5),
  connectivityScore: score(1, 5),
  observationsScore: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
  rttMs: score(0, 3000),
  jitterMs: score(0, 100),
  packetLossPercent: score(0, 100),
  bitrateInKbps: score(0, 30000),
  bitrateOutKbps: score(0, 3000),
  observations: fc.array(observation, { maxLength: 4 }),
  causes: fc.array(observation, { maxLength: 2 }),
});

interface Analysis {
  processorVersion: string;
  callStart: number | null;
  abstract: SessionAbstract;
  insight: SessionInsight | undefined;
}

const analysisArb: fc.Arbitrary<Analysis> = fc
  .record({
    processorVersion: fc.constantFrom('1.0.0', '1.1.0'),
    startDay: fc.option(fc.integer({ min: 0, max: 9 }), { nil: null }),
    startMs: fc.integer({ min: 0, max: DAY - 1 }),
    browser: fc.constantFrom('Chrome', 'Safari', null),
    browserVersion: fc.constantFrom('18', '144', null),
    os: fc.constantFrom('macOS', 'Windows', null),
    connectivity: fc.constantFrom('DIRECT/UDP', 'RELAY/TLS', null),
    experience: score(0, 100),
    critical: fc.integer({ min: 0, max: 2 }),
    high: fc.integer({ min: 0, max: 2 }),
    medium: fc.integer({ min: 0, max: 1 }),
    insight: fc.option(insightArb, { nil: undefined }),
  })
  .map((r) => ({
    processorVersion: r.processorVersion,
    callStart: r.startDay === null ? null : T0 + r.startDay * DAY + r.startMs,
    insight: r.insight,
    abstract: {
      observationFlags: [],
      observationTags: [],
      browser: r.browser,
      browserVersion: r.browserVersion,
      os: r.os,
      osVersion: null,
      conferenceId: r.critical > 0 ? 'conf-1' : null,
      sessionId: null,
      userId: null,
      experienceScore: r.experience,
      connectivity: r.connectivity,
      observationsCritical: r.critical,
      observationsHigh: r.high,
      observationsMedium: r.medium,
      scoreBand:
        r.experience === null
          ? 'unrated'
          : r.experience >= 80
            ? 'high'
            : r.experience >= 60
              ? 'medium'
              : 'low',
    },
  }));

type Op =
  | { op: 'save'; account: 0 | 1; createdDay: number; a: Analysis }
  | { op: 'delete'; pick: number }
  | { op: 'reprocess'; pick: number; a: Analysis }
  | { op: 'patch'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('save' as const),
      account: fc.constantFrom(0 as const, 1 as const),
      createdDay: fc.integer({ min: 0, max: 12 }),
      a: analysisArb,
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('reprocess' as const), pick: fc.nat(), a: analysisArb }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('patch' as const), pick: fc.nat() }) },
);

let n = 0;
const id = () => `10000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

function newSession(accountId: string, createdDay: number, a: Analysis): NewSession {
  const sid = id();
  return {
    id: sid,
    accountId,
    createdAt: T0 + createdDay * DAY + 3_600_000,
    title: `call ${sid}`,
    fileName: 'dump.txt',
    fileSize: 1,
    blobKey: `k/${sid}`,
    processorVersion: a.processorVersion,
    payload: gzipSync('{}'),
    uploadedBy: null,
    uploadedByEmail: null,
    callStart: a.callStart,
    callEnd: a.callStart,
    abstract: a.abstract,
    ...(a.insight ? { insight: a.insight } : {}),
  };
}

const REQUESTS: InsightsRequest[] = [
  { scope: { filters: {} }, interval: 'day', timeField: 'callStart', top: 10 },
  { scope: { filters: {} }, interval: 'week', timeField: 'createdAt', top: 10, groupBy: 'browserVersion' },
  {
    scope: { filters: { browser: 'Chrome', hasHigh: true }, from: T0 + DAY, to: T0 + 6 * DAY },
    interval: 'day',
    timeField: 'callStart',
    top: 3,
    groupBy: 'os',
  },
  {
    scope: {
      filters: { hasLowScore: false, hasCritical: false },
      connectivity: 'RELAY/TLS',
      createdFrom: T0 + 2 * DAY,
    },
    interval: 'none',
    timeField: 'callStart',
    top: 10,
    groupBy: 'processorVersion',
  },
  {
    scope: { filters: {}, from: T0 + 3 * DAY, to: T0 + 7 * DAY },
    interval: 'none',
    timeField: 'callStart',
    top: 10,
    compare: { by: 'period', baseline: { from: T0, to: T0 + 3 * DAY } },
  },
];

/** The answer without how it was reached (what must not change between the two paths). */
const figures = ({ source: _s, scanBecause: _b, ...rest }: Awaited<ReturnType<typeof insights>>) => rest;

export function insightsContract(storage: () => Storage): void {
  describe('insight rollups', () => {
    let s: Storage;
    beforeAll(() => {
      s = storage();
    });

    it('equal a recount, and answer as a scan does, after random saves, re-analyses, edits and deletes', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
          const accounts = [
            (await s.accounts.create({ name: 'I0', plan: 'developer', credits: 1 })).id,
            (await s.accounts.create({ name: 'I1', plan: 'developer', credits: 1 })).id,
          ];
          const live: { accountId: string; id: string }[] = [];
          for (const o of ops) {
            const target = live.length ? live[('pick' in o ? o.pick : 0) % live.length]! : undefined;
            if (o.op === 'save') {
              const ns = newSession(accounts[o.account]!, o.createdDay, o.a);
              await s.sessions.insert(ns);
              live.push({ accountId: ns.accountId, id: ns.id });
            } else if (!target) continue;
            else if (o.op === 'delete') {
              await s.sessions.delete(target.accountId, target.id);
              live.splice(live.indexOf(target), 1);
            } else if (o.op === 'reprocess')
              await s.sessions.replaceAnalysis(target.accountId, target.id, {
                processorVersion: o.a.processorVersion,
                payload: gzipSync('{}'),
                callStart: o.a.callStart,
                callEnd: o.a.callStart,
                abstract: o.a.abstract,
                ...(o.a.insight ? { insight: o.a.insight } : {}),
              });
            else await s.sessions.patch(target.accountId, target.id, { title: 'renamed', tags: ['x'] });
          }
          for (const accountId of accounts) {
            expect(await s.insights.storedCells(accountId)).toEqual(await s.insights.recountCells(accountId));
            const listed = await s.sessions.list(accountId, {}, { limit: 1, offset: 0 });
            for (const request of REQUESTS) {
              const rollup = await insights(s, accountId, request);
              expect(rollup.source).toBe('rollup');
              const scanned = await insights(s, accountId, request, { forceScan: true });
              expect(figures(rollup)).toEqual(figures(scanned));
              if (request === REQUESTS[0]) expect(rollup.total.sessions).toBe(listed.totalCount);
            }
          }
        }),
        { numRuns: Number(process.env.CALLSCOPE_INSIGHT_RUNS ?? 15) },
      );
    }, 120_000);

    it('stay exact under concurrent saves and deletes into one cell', async () => {
      const accountId = (await s.accounts.create({ name: 'C', plan: 'developer', credits: 1 })).id;
      const sample = fc.sample(analysisArb, { numRuns: 1, seed: 7 })[0]!;
      const sessions = Array.from({ length: 12 }, () => newSession(accountId, 1, sample));
      await Promise.all(sessions.map((ns) => s.sessions.insert(ns)));
      await Promise.all([
        ...sessions.slice(0, 6).map((ns) => s.sessions.delete(accountId, ns.id)),
        ...sessions.slice(6).map((ns) =>
          s.sessions.replaceAnalysis(accountId, ns.id, {
            processorVersion: '1.1.0',
            payload: gzipSync('{}'),
            callStart: sample.callStart,
            callEnd: null,
            abstract: sample.abstract,
          }),
        ),
      ]);
      const cells = await s.insights.storedCells(accountId);
      expect(cells).toEqual(await s.insights.recountCells(accountId));
      expect([...cells.values()].reduce((a, c) => a + c.sessions, 0)).toBe(6);
    }, 60_000);
  });
}
