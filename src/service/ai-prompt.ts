import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';

/**
 * What a language model is asked to summarize a call from: the analysis's own cause timeline,
 * scores and counts, never the dump (no addresses, no SDP, no user identifiers beyond what the
 * story says). The model restates; it is told not to add causes the analysis did not find.
 */

/** Story lines and observations sent at most: a long call's story is cut, not the request refused. */
export const PROMPT_LIMITS = { storyLines: 20, observations: 10, chars: 6_000 } as const;

/** Longest summary kept: a model that rambles is cut at a sentence end before this. */
export const SUMMARY_MAX_CHARS = 600;

export const SYSTEM_PROMPT =
  'You summarize the analysis of one WebRTC call for the developer who owns the app. Write 2 to 4 ' +
  'plain sentences: what the user experienced, when, and the cause the analysis gives. Use only the ' +
  'facts given; do not invent causes, numbers or advice the analysis does not state. No lists, no markdown.';

type PromptSource = Pick<
  AnalyzeResponseData,
  | 'durationMs'
  | 'pConnectionsNumber'
  | 'connectivity'
  | 'experienceScore'
  | 'audioScore'
  | 'videoScore'
  | 'connectivityScore'
  | 'observationsCount'
  | 'whatHappened'
  | 'observations'
> &
  Partial<Pick<AnalyzeResponseData, 'userAgentData'>>;

/** The user message: the facts of the analysis, one per line. */
export function summaryPrompt(data: PromptSource): string {
  const lines: string[] = [];
  const ua = data.userAgentData;
  const browser = ua?.browser ? `${ua.browser} ${ua.version ?? ''}`.trim() : undefined;
  lines.push(
    `Call: ${Math.round((data.durationMs ?? 0) / 1000)} s, ${data.pConnectionsNumber} peer connection(s)` +
      `${data.connectivity ? `, connectivity ${data.connectivity}` : ''}${browser ? `, ${browser}` : ''}.`,
  );
  lines.push(
    `Scores: experience ${Math.round(data.experienceScore)}/100, audio ${data.audioScore ?? 'n/a'}/5, ` +
      `video ${data.videoScore ?? 'n/a'}/5, connectivity ${data.connectivityScore ?? 'n/a'}/5.`,
  );
  const c = data.observationsCount;
  lines.push(
    `Problems found: ${c.critical} critical, ${c.high} high, ${c.medium} medium, ${c.low} low, ${c.info} info.`,
  );
  const story = data.whatHappened ?? [];
  if (story.length === 0) lines.push('What happened: nothing went wrong that the analysis could see.');
  else {
    lines.push('What happened, in time order (m:ss since the call started):');
    for (const s of story.slice(0, PROMPT_LIMITS.storyLines))
      lines.push(`- ${s.at} [${s.severity}] ${s.text}`);
    if (story.length > PROMPT_LIMITS.storyLines)
      lines.push(`- and ${story.length - PROMPT_LIMITS.storyLines} more.`);
  }
  const told = new Set(story.map((s) => s.type));
  const others = (data.observations ?? [])
    .filter((o) => !told.has(o.type) && ['critical', 'high', 'medium'].includes(o.severity))
    .slice(0, PROMPT_LIMITS.observations);
  if (others.length > 0) {
    lines.push('Other problems:');
    for (const o of others) lines.push(`- [${o.severity}] ${o.meaning}`);
  }
  const text = lines.join('\n');
  return text.length > PROMPT_LIMITS.chars ? `${text.slice(0, PROMPT_LIMITS.chars)}…` : text;
}

/** The model's answer made fit to store: trimmed, unfenced, cut at a sentence end under the limit. */
export function cleanSummary(text: string): string | undefined {
  // No pattern that can backtrack (test/regex-safety.test.ts): the answer comes from another server.
  let out = text.trim();
  if (out.startsWith('```')) {
    const firstLine = out.indexOf('\n');
    out = firstLine < 0 ? '' : out.slice(firstLine + 1);
  }
  if (out.endsWith('```')) out = out.slice(0, -3);
  out = out.split(/\s+/).filter(Boolean).join(' ');
  if (out.length === 0) return undefined;
  if (out.length > SUMMARY_MAX_CHARS) {
    const cut = out.slice(0, SUMMARY_MAX_CHARS);
    const end = cut.lastIndexOf('. ');
    out = end > SUMMARY_MAX_CHARS / 2 ? cut.slice(0, end + 1) : `${cut.trimEnd()}…`;
  }
  return out;
}
