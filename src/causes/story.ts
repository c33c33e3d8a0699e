import { clockText } from '../computed/call-times.js';
import { SEVERITY_RANK } from '../detectors/severity.js';
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import type { Observation } from '../model/payload/observation.js';
import type { StoryLine } from '../model/payload/story-line.js';

export type { StoryLine };

/** What a symptom meant for the people on the call, by type: "their audio broke up". */
const EXPERIENCE: Record<string, (o: Observation) => string> = {
  audioConcealment: (o) => `${who(o)} audio broke up`,
  audioInterruptions: (o) => `${who(o)} audio cut out${times(o.indicators.interruptions)}`,
  highFreezeDuration: (o) => `${who(o)} video froze${times(o.indicators.freezes)}`,
  framesDropped: (o) => `${who(o)} video dropped frames`,
  lowFrameRate: (o) => `${who(o)} video got choppy`,
  resolutionDrop: (o) => `${who(o)} video got blurrier`,
  bandwidthLimitation: () => 'your video was held back',
  lowBandwidthEstimate: () => 'your sending bitrate fell',
  delaysSendingMedia: () => 'your packets queued before leaving',
  speakerDelay: (o) => `${who(o)} audio was delayed`,
  nackStorm: () => 'lost packets were asked for again',
  highRetransmissions: () => 'packets were sent twice',
  pliStorm: () => 'keyframes were requested',
  networkMediaJitterIn: () => 'packets to you arrived unevenly',
  networkMediaJitterOut: () => 'your packets arrived unevenly',
  highIncomingRoundTripTime: () => 'delay rose',
  highOutgoingRoundTripTime: () => 'delay rose',
  remoteMediaStopped: (o) => `their ${o.kind ?? 'media'} stopped`,
  connectionChurn: () => 'the connection dropped',
};

const who = (o: Observation): string => (o.direction === 'outbound' ? 'your' : 'their');
const times = (n: unknown): string => (typeof n === 'number' && n > 1 ? ` ${n} times` : '');

/**
 * The call's story in time order: every cause that nothing else explains, with what its symptoms
 * did ("their audio broke up, their video froze 3 times"), and the problems at medium or above that
 * no cause explains.
 */
export function whatHappened(
  observations: readonly Observation[],
  callStart: number | undefined,
): StoryLine[] {
  const lines: StoryLine[] = [];
  for (const [index, o] of observations.entries()) {
    if (o.explainedBy) continue;
    if (!o.cause && SEVERITY_RANK[o.severity] > SEVERITY_RANK.medium) continue;
    const effects = consequences(o, observations);
    const sentence = o.meaning.replace(/\.$/, '');
    lines.push({
      at:
        o.firstSeenAt !== null && callStart !== undefined
          ? clockText(Math.max(0, o.firstSeenAt - callStart))
          : '–',
      atMs: o.firstSeenAt,
      severity: o.severity,
      type: o.type,
      observation: index,
      text: effects.length > 0 ? `${sentence}; ${effects.join(', ')}.` : `${sentence}.`,
    });
  }
  return lines.sort(
    (a, b) =>
      (a.atMs ?? Number.POSITIVE_INFINITY) - (b.atMs ?? Number.POSITIVE_INFINITY) ||
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity],
  );
}

/**
 * The story of a payload, from its observations and callStart: for payloads stored before they
 * carried `whatHappened` (the same release line of the processor is not analyzed again).
 */
export function storyOfPayload(data: Pick<AnalyzeResponseData, 'observations' | 'callStart'>): StoryLine[] {
  const start = data.callStart ? Date.parse(data.callStart) : Number.NaN;
  return whatHappened(data.observations ?? [], Number.isFinite(start) ? start : undefined);
}

/** The distinct experiences of the observations a cause explains. */
function consequences(cause: Observation, observations: readonly Observation[]): string[] {
  const out: string[] = [];
  for (const o of observations) {
    if (o.explainedBy !== cause.type || o === cause) continue;
    if (cause.source.pid !== undefined && o.source.pid !== undefined && o.source.pid !== cause.source.pid)
      continue;
    const text = EXPERIENCE[o.type]?.(o);
    if (text && !out.includes(text)) out.push(text);
  }
  return out;
}

/** The story as plain text, a line per moment: what an agent reads first (MCP get_session). */
export function storyText(lines: readonly StoryLine[]): string {
  if (lines.length === 0) return 'What happened: nothing went wrong that callscope can see.';
  return ['What happened:', ...lines.map((l) => `${l.at} (${l.severity}) ${l.text}`)].join('\n');
}
