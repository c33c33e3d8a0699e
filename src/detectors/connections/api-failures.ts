import type { ApiError } from '../../computed/lifecycle.js';
import type { Severity, Tag } from '../../model/payload/observation.js';
import { type Detector, defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';

/** A detector for failed calls of some RTCPeerConnection methods (`<method>OnFailure` events). */
export function apiFailureDetector(options: {
  type: string;
  title: string;
  methods: readonly string[];
  severity: (failures: ApiError[]) => Severity;
  severities: readonly Severity[];
  tags: readonly Tag[];
  description: string;
  remedy: string;
}): Detector {
  return defineDetector({
    meta: {
      type: options.type,
      title: options.title,
      severities: options.severities,
      tags: options.tags,
      category: 'connections',
      description: options.description,
      remedy: options.remedy,
      thresholds: [
        {
          name: 'failures',
          value: 1,
          unit: 'calls',
          source: `${SOURCES.rtcstatsFeatures} (API failure features)`,
        },
      ],
      related: ['unfinishedNegotiation'],
    },
    applies: (session) => session.connections.some((pc) => pc.events.length > 0),
    run: (session) =>
      session.connections.flatMap((pc) => {
        const failures = pc.lifecycle.apiErrors.filter((e) => options.methods.includes(e.method));
        if (failures.length === 0) return [];
        const first = failures[0]!;
        return [
          {
            severity: options.severity(failures),
            source: { pid: pc.id },
            firstSeenAt: first.at,
            valueInCount: failures.length,
            property: first.method,
            indicators: { failures: failures.length, firstError: first.error.slice(0, 300) },
            meaning: `${first.method} failed ${failures.length > 1 ? `${failures.length} times ` : ''}on ${pc.id}: "${first.error.slice(0, 160)}".`,
          },
        ];
      }),
  });
}
