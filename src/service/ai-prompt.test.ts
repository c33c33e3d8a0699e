import { describe, expect, it } from 'vitest';
import { cleanSummary, PROMPT_LIMITS, SUMMARY_MAX_CHARS, summaryPrompt } from './ai-prompt.js';

const base = {
  durationMs: 184_000,
  pConnectionsNumber: 2,
  connectivity: 'RELAY/UDP',
  experienceScore: 61.4,
  audioScore: 3.9,
  videoScore: null,
  connectivityScore: 4,
  observationsCount: { critical: 0, high: 1, medium: 2, low: 0, info: 0 },
  userAgentData: { browser: 'Firefox', version: '133.0' },
  observations: [],
  whatHappened: [],
} as unknown as Parameters<typeof summaryPrompt>[0];

const line = (i: number) => ({
  at: `0:${String(i).padStart(2, '0')}`,
  atMs: i * 1000,
  severity: 'high' as const,
  type: `cause${i}`,
  observation: i,
  text: `Cause number ${i} happened.`,
});

describe('summaryPrompt', () => {
  it('states the call, its scores and counts, and says when nothing went wrong', () => {
    const text = summaryPrompt(base);
    expect(text).toContain('Call: 184 s, 2 peer connection(s), connectivity RELAY/UDP, Firefox 133.0.');
    expect(text).toContain('Scores: experience 61/100, audio 3.9/5, video n/a/5, connectivity 4/5.');
    expect(text).toContain('Problems found: 0 critical, 1 high, 2 medium, 0 low, 0 info.');
    expect(text).toContain('nothing went wrong that the analysis could see');
  });

  it('cuts a long story and says how much more there was', () => {
    const story = Array.from({ length: PROMPT_LIMITS.storyLines + 5 }, (_, i) => line(i));
    const text = summaryPrompt({ ...base, whatHappened: story });
    expect(text).toContain('- 0:00 [high] Cause number 0 happened.');
    expect(text).not.toContain(`Cause number ${PROMPT_LIMITS.storyLines} happened`);
    expect(text).toContain('- and 5 more.');
  });

  it('adds problems at medium or above the story does not tell, and never exceeds its size', () => {
    const observations = [
      { type: 'cause0', severity: 'high', meaning: 'told already' },
      { type: 'lowFrameRate', severity: 'medium', meaning: 'Video ran at 9 fps.' },
      { type: 'iceWarmup', severity: 'low', meaning: 'too minor' },
    ];
    const text = summaryPrompt({ ...base, whatHappened: [line(0)], observations } as never);
    expect(text).toContain('Other problems:\n- [medium] Video ran at 9 fps.');
    expect(text).not.toContain('told already');
    expect(text).not.toContain('too minor');
    const huge = Array.from({ length: 20 }, (_, i) => ({ ...line(i), text: 'x'.repeat(2_000) }));
    expect(summaryPrompt({ ...base, whatHappened: huge }).length).toBeLessThanOrEqual(
      PROMPT_LIMITS.chars + 1,
    );
  });
});

describe('cleanSummary', () => {
  it('trims, unfences and joins lines', () => {
    expect(cleanSummary('```\nThe call was fine.\nNothing broke.\n```')).toBe(
      'The call was fine. Nothing broke.',
    );
    expect(cleanSummary('   \n ')).toBeUndefined();
  });

  it('cuts a long answer at a sentence end under the limit', () => {
    const sentence = 'The remote video froze several times while the path lost packets. ';
    const out = cleanSummary(sentence.repeat(40))!;
    expect(out.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
    expect(out.endsWith('packets.')).toBe(true);
    const word = cleanSummary('a'.repeat(SUMMARY_MAX_CHARS * 2))!;
    expect(word.length).toBe(SUMMARY_MAX_CHARS + 1);
    expect(word.endsWith('…')).toBe(true);
  });
});
