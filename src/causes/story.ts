import { clockText } from '../computed/call-times.js';
import { SEVERITY_RANK } from '../detectors/severity.js';
import type { Observation, Severity } from '../model/payload/observation.js';

/** One moment of the call's story: a cause (or a problem no cause explains) and what it did. */
export interface StoryLine {
  /** m:ss since the call started. */
  at: string;
  atMs: number | null;
  severity: Severity;
  type: string;
  /** The observation's sentence, then what it brought about. */
  text: string;
}

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
  for (const o of observations) {
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
      text: effects.length > 0 ? `${sentence}; ${effects.join(', ')}.` : `${sentence}.`,
    });
  }
  return lines.sort(
    (a, b) =>
      (a.atMs ?? Number.POSITIVE_INFINITY) - (b.atMs ?? Number.POSITIVE_INFINITY) ||
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity],
  );
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
