import type { PeerConnectionView } from '../../computed/peer-connection-view.js';
import { type Detector, defineDetector } from '../detector.js';
import { loggedDelay } from '../logged-delay.js';
import { severitySteps, stepSeverity } from '../severity.js';
import { SOURCES } from '../sources.js';

/** Time from the start of ICE gathering to the first candidate of a type, ms. */
export function timeToCandidate(
  pc: PeerConnectionView,
  type: 'relay' | 'srflx',
): { ms: number; at: number } | undefined {
  const start = pc.lifecycle.states.iceGathering.find((s) => s.state === 'gathering')?.at;
  const first = pc.signaling.localCandidates.find((c) => c.type === type && c.at !== undefined);
  if (start === undefined || first?.at === undefined || first.at < start) return undefined;
  return { ms: first.at - start, at: first.at };
}

/** Slow STUN or TURN answers while gathering: setup waits for them. */
export function gatheringDelayDetector(type: string, candidate: 'relay' | 'srflx'): Detector {
  const server = candidate === 'relay' ? 'TURN' : 'STUN';
  const limits: Partial<Record<'high' | 'medium' | 'low', number>> =
    candidate === 'relay' ? { high: 5_000, medium: 2_000, low: 1_000 } : { medium: 3_000, low: 1_000 };
  const entries = Object.entries(limits) as ['high' | 'medium' | 'low', number][];
  const detector: Detector = defineDetector({
    meta: {
      type,
      title: `High ${server} delay`,
      severities: entries.map(([severity]) => severity),
      tags: ['network', 'connectivity'],
      category: 'pairs',
      description: `The first ${candidate === 'relay' ? 'relay' : 'server-reflexive'} candidate arrived late after gathering started: the ${server} server answered slowly (far away, overloaded, or packets lost and retransmitted). ${candidate === 'relay' ? 'Calls that need a relay connect late.' : 'Direct connections across NATs start late.'}`,
      remedy: `Use ${server} servers close to the users (geo-distributed or anycast) and check their load. Gather early (iceCandidatePoolSize) so the delay overlaps with signaling.`,
      thresholds: entries.map(([severity, value]) => ({
        name: severity,
        value,
        unit: 'ms',
        source: `${SOURCES.rtcstatsFeatures} (gatheringTimeTurn*); STUN/TURN transactions retransmit after 500 ms (RFC 8489 §6.2.1)`,
      })),
      related: ['slowIceConnection', candidate === 'relay' ? 'cannotReachTurn' : 'cannotReachStun'],
    },
    applies: (session) =>
      session.connections.some((pc) => pc.signaling.localCandidates.some((c) => c.type === candidate)),
    run: (session) =>
      session.connections.flatMap((pc) => {
        const first = timeToCandidate(pc, candidate);
        if (!first) return [];
        // Judged on the least it can have taken: a whole-second log's "1000 ms" may be 1 ms.
        const delay = loggedDelay(first.ms, pc.signaling.timeResolutionMs);
        const severity = stepSeverity(delay.leastMs, steps);
        if (!severity) return [];
        return [
          {
            severity,
            source: { pid: pc.id },
            firstSeenAt: first.at,
            durationInMs: delay.leastMs,
            indicators: {
              timeToFirstCandidateMs: delay.leastMs,
              ...(delay.mostMs > delay.leastMs ? { atMostMs: delay.mostMs } : {}),
            },
            meaning: `The first ${candidate} candidate of ${pc.id} came ${delay.text} after gathering started${delay.note}.`,
          },
        ];
      }),
  });
  /** The steps run() applies are the severity thresholds of the meta. */
  const steps = severitySteps(detector.meta.thresholds);
  return detector;
}
