/**
 * Every high or critical observation on every fixture dump is one a person read against the dump
 * (test/golden-verdicts.ts says why each holds); nothing else on any fixture is that serious.
 */
import { describe, expect, it } from 'vitest';
import { analyzeDump } from '../src/index.js';
import { SERIOUS, WHY } from './golden-verdicts.js';
import { allDumps, fixture, SERVER_SIDE_SAMPLES } from './support/fixtures.js';

const SEVERE = new Set(['critical', 'high']);
const dumps = allDumps().filter((path) => !SERVER_SIDE_SAMPLES.some((s) => path.startsWith(s)));
/** The directory a verdict's reason is kept under: a chromium156 scenario, or the dump itself. */
const dirOf = (path: string) =>
  path.startsWith('chromium156/') ? path.split('/').slice(0, 2).join('/') : path;

describe('golden verdicts: high and critical observations read against their dumps', () => {
  it('lists only dumps that exist, and gives each listed type its reason', () => {
    expect(Object.keys(SERIOUS).filter((path) => !dumps.includes(path))).toEqual([]);
    for (const [path, serious] of Object.entries(SERIOUS)) {
      for (const entry of serious) {
        const type = entry.split(' ')[1]!;
        expect(WHY[dirOf(path)]?.[type], `${path}: ${type} has no reason`).toMatch(/\w{3,}.{30,}/);
      }
    }
  });

  it.each(dumps)('%s', async (path) => {
    const { data } = await analyzeDump(fixture(...path.split('/')));
    const serious = data.observations
      .filter((o) => SEVERE.has(o.severity))
      .map((o) => `${o.severity} ${o.type}`)
      .sort();
    expect(
      serious,
      'a changed serious verdict: read it against the dump before writing it into test/golden-verdicts.ts',
    ).toEqual(SERIOUS[path] ?? []);
  });
});
