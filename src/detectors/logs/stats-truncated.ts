import { INTERNALS_SERIES_CAP } from '../../ingest/internals/pc-builder.js';
import { defineDetector } from '../detector.js';
import { SOURCES } from '../sources.js';

/** webrtc-internals kept only the last 1000 samples of each series: the start of the call is missing. */
export default defineDetector({
  meta: {
    type: 'statsTruncated',
    title: 'Statistics truncated',
    severities: ['low'],
    tags: ['behavior'],
    category: 'logs',
    description:
      'The dump holds the last 1000 samples of each statistics series only (webrtc-internals drops older points; about 16 minutes at one sample per second). Everything before is missing, so figures and observations describe the end of the call only.',
    remedy:
      'Record long calls with rtcstats (continuous upload) instead of a webrtc-internals export, or export the dump sooner.',
    thresholds: [
      { name: 'samples per series', value: INTERNALS_SERIES_CAP, source: SOURCES.chromeInternals },
    ],
    related: ['incompleteLog'],
  },
  // The 1000-sample cap is webrtc-internals'; it needs connections with statistics to cut.
  applies: (session) =>
    session.format.format === 'webrtc-internals' &&
    session.connections.some((pc) => pc.statsRange !== undefined),
  run: (session) =>
    session.connections
      .filter((pc) => pc.flags.statsTruncated)
      .map((pc) => ({
        severity: 'low' as const,
        source: { pid: pc.id },
        firstSeenAt: pc.statsRange?.first,
        indicators: {
          firstSampleAt: pc.statsRange?.first ?? null,
          firstEventAt: pc.lifecycle.firstEventAt ?? null,
        },
        meaning: `The statistics of ${pc.id} were cut at the ${INTERNALS_SERIES_CAP}-sample limit of webrtc-internals: the beginning of the call is missing.`,
      })),
});
