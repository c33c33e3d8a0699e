import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/fixtures.js';
import { analyzeDump } from '../analysis/analyze-dump.js';
import { storyOfPayload, storyText, whatHappened } from './story.js';

const analyzed = (dir: string) => analyzeDump(fixture('chromium156', dir, 'webrtc_internals_dump.txt'));

describe('what happened', () => {
  it('is in the payload: each line names the observation it tells, none an explained one', async () => {
    const { data } = await analyzed('loss');
    expect(data.whatHappened).toEqual(storyOfPayload(data));
    expect(data.whatHappened.length).toBeGreaterThan(0);
    for (const line of data.whatHappened) {
      const told = data.observations[line.observation]!;
      expect([told.type, told.severity, told.firstSeenAt]).toEqual([line.type, line.severity, line.atMs]);
      expect(told.explainedBy).toBeUndefined();
    }
    // In time order.
    const times = data.whatHappened.map((l) => l.atMs!);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('reads as text a line per moment, and says so when nothing went wrong', async () => {
    const { data } = await analyzed('loss');
    const text = storyText(data.whatHappened).split('\n');
    expect(text[0]).toBe('What happened:');
    expect(text).toHaveLength(data.whatHappened.length + 1);
    expect(text[1]).toMatch(/^0:0\d \(high\) The network path (to|from) this client lost [\d.]+ % /);
    const clean = await analyzed('clean');
    expect(clean.data.whatHappened).toEqual([]);
    expect(storyText(clean.data.whatHappened)).toBe(
      'What happened: nothing went wrong that callscope can see.',
    );
  });

  it('dates nothing it cannot: no call start, or an observation without a moment', async () => {
    const { data } = await analyzed('loss');
    const undated = storyOfPayload({ ...data, callStart: null });
    expect(undated.map((l) => l.at)).toEqual(data.whatHappened.map(() => '–'));
    expect(storyOfPayload({ ...data, callStart: 'not a date' })).toEqual(undated);
    const cause = data.observations[data.whatHappened[0]!.observation]!;
    const lines = whatHappened([{ ...cause, firstSeenAt: null }], Date.parse(data.callStart!));
    expect(lines).toEqual([expect.objectContaining({ at: '–', atMs: null, observation: 0 })]);
    expect(whatHappened([], undefined)).toEqual([]);
  });
});
