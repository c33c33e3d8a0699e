import { ATTRIBUTION } from '../causes/windows.js';
import { EPISODE_DEFAULTS } from '../computed/episodes.js';
import { LIFECYCLE_LIMITS } from '../computed/track-lifecycle.js';
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
    '## Tracks and topology: what the app did',
    '',
    `Each sending and receiving stream has a **lifecycle** read from its stats (src/computed/track-lifecycle.ts): flowing; muted (audio at digital silence, level ${LIFECYCLE_LIMITS.silentLevel} or less, or video of black frames under ${LIFECYCLE_LIMITS.blackFrameKbits} kbit per frame, for ${seconds(LIFECYCLE_LIMITS.minMuteMs)} or more: what a track with \`enabled = false\` sends); idle (under ${LIFECYCLE_LIMITS.idlePacketRate} packet/s for ${seconds(LIFECYCLE_LIMITS.minIdleMs)} or more after media started); ended (idle to the end of the recording). A sender's track comes from the media source its stats link to, so \`replaceTrack\` shows as a new source (or none), and each answer's SDP gives the direction of every media section from this side, so a \`removeTrack\` shows as a section that stops sending. The event log adds the app's calls where the format traces them (\`addTrack\`, \`removeTrack\`, \`replaceTrack\`, \`setParameters\`, \`restartIce\`). From these, the \`application\` causes say what the app did on its side (\`trackMuted\`, \`trackStopped\`, \`trackReplaced\`, \`trackRemoved\`, \`renegotiation\`, \`encodingLimited\`), at most low; the \`remote\` causes say what the user here lived through when the other side did it (\`remoteTrackMuted\`, \`remoteMediaStopped\`). Nothing is reported missing that the answers did not negotiate to flow that way: a connection that only sends or only receives (apps that publish and subscribe on separate connections) has no idle receivers or senders to blame.`,
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
