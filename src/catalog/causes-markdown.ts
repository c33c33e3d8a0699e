import { ATTRIBUTION } from '../causes/windows.js';
import { EPISODE_DEFAULTS } from '../computed/episodes.js';
import type { Detector } from '../detectors/detector.js';

const seconds = (ms: number) => `${ms / 1000} s`;

/**
 * The part of docs/observations that explains episodes and the cause layer, with the numbers they
 * run on (read from the constants, so the text cannot drift from the code).
 */
export function causesMarkdown(detectors: readonly Detector[]): string[] {
  const causes = detectors.filter((d) => d.meta.family);
  return [
    '## Episodes: when a problem happened',
    '',
    `A time-based observation is dated at the onset of its first **episode**: a stretch of the stats above the observation's line that lasts at least ${seconds(EPISODE_DEFAULTS.minDurationMs)} (one interval over the line is a blip, not an onset), where stretches less than ${seconds(EPISODE_DEFAULTS.mergeGapMs)} apart are one episode. The onset is the start of the first stats interval over the line; the end is the last sample over it. \`firstSeenAt\` is the first onset and \`episodes\` lists every one with its peak, so a problem that recurs is reported with each of its stretches.`,
    '',
    '## Causes and symptoms',
    '',
    `Some observations report a **cause** (\`cause.family\`: \`network\`, \`application\`, \`device\` or \`remote\`); the others are measurements and consequences. After the detectors, each cause takes the observations its type explains when they happen on the same connection, in the same direction and for the same media, during one of its episodes: from ${seconds(ATTRIBUTION.leadMs)} before its onset (two series of one event can disagree on when it began) to ${seconds(ATTRIBUTION.lagMs)} after its end (a jitter buffer drains, an estimate climbs back), for at least ${ATTRIBUTION.coveredShare * 100} % of their own episodes' time. An explained observation keeps its measurements, names the cause in \`explainedBy\` and is reported at most at **low**: one cause is one problem. A network, device or remote cause is reported at least as severe as the worst of what it explains; what the app did on purpose never above low. A cause can be explained by a more fundamental one (media that stopped while the connection was down). The cause's \`cause.symptoms\` lists what it explains; \`side\` says where it lies (\`network\`, \`local\`, \`remote\`), \`direction\`, \`kind\` and \`trackId\` what it touched.`,
    '',
    "The call's story, \"what happened\", is the causes that nothing else explains, in time order, each with what its symptoms did, and the problems at medium or above that no cause explains. The payload carries it as `whatHappened` (each line's time as m:ss from the call start, severity, type, the index of the observation it tells, and its text); `callscope analyze` prints it first, the viewer's session page opens with it, and the MCP tool `get_session` sends it as its first text content.",
    '',
    `| Cause | Family | Explains (same path) | Explains (other direction) |`,
    '| --- | --- | --- | --- |',
    ...causes.map((d) => {
      const m = d.meta;
      const list = (types: readonly string[] | undefined) =>
        (types ?? []).length > 0 ? (types ?? []).map((t) => `\`${t}\``).join(', ') : '–';
      return `| [\`${m.type}\`](${m.type}.md) | ${m.family} | ${list(m.explains)} | ${list(m.explainsAcross)} |`;
    }),
    '',
  ];
}
