import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/fixtures.js';
import { analyzeDump } from '../analysis/analyze-dump.js';
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import { SUMMARY_MAX_CHARS } from '../service/ai-prompt.js';
import { SUMMARY_PAGE, sessionSummary } from './session-summary.js';

/**
 * The summary view's size is bounded by its pages, whatever the call: a payload of the largest
 * fixture (1.2 MB jitsi dump, 3 connections) is inflated ten times over (as a long call with many
 * participants would be: story lines, observations, streams and connections) and still summarizes
 * under 4 KB, with every list saying what it left out.
 */
describe('sessionSummary', () => {
  it('stays under 4 KB for a call ten times the largest fixture', async () => {
    const { data } = await analyzeDump(fixture('jitsi', 'google-legacy-stats-multiple-pc'));
    const times = 10;
    const many = <T>(list: readonly T[]) => Array.from({ length: times }, () => list).flat();
    const renamed = <T>(record: Record<string, T>) =>
      Object.fromEntries(
        Array.from({ length: times }, (_, i) =>
          Object.entries(record).map(([k, v]) => [`${k}-${i}`, v]),
        ).flat(),
      ) as Record<string, T>;
    const big: AnalyzeResponseData = {
      ...data,
      whatHappened: many(data.whatHappened.length > 0 ? data.whatHappened : []),
      observations: many(data.observations),
      streams: renamed(data.streams),
      pConnections: renamed(data.pConnections),
      // The longest summary the service keeps.
      aiSummary: 'x'.repeat(SUMMARY_MAX_CHARS),
    };
    expect(big.observations.length).toBeGreaterThan(100);
    expect(Object.keys(big.pConnections).length).toBe(30);
    const summary = sessionSummary(big);
    expect(Buffer.byteLength(JSON.stringify({ summary }))).toBeLessThan(4096);
    expect(summary.connections).toHaveLength(SUMMARY_PAGE.connections);
    expect(summary.connections.at(-1)).toBe(`… and ${30 - SUMMARY_PAGE.connections + 1} more (view: full)`);
    expect(summary.observations).toMatchObject({ total: big.observations.length, offset: 0 });
    expect(summary.streams.items).toHaveLength(SUMMARY_PAGE.streams);
    if (big.whatHappened.length > SUMMARY_PAGE.storyLines) {
      expect(summary.whatHappened).toHaveLength(SUMMARY_PAGE.storyLines);
      expect(summary.whatHappened.at(-1)).toMatch(/^… and \d+ more \(view: full\)$/);
    }
  });
});
