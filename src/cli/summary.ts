import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import { duration, indent, num, table } from './format.js';
import { storySection } from './story.js';
import { observationsSection, scoresLine } from './verdict.js';

/** The readable summary of one analysis: what `callscope analyze FILE` prints. */
export function renderSummary(file: string, data: AnalyzeResponseData): string {
  const ua = data.userAgentData;
  const out: string[] = [];
  out.push(`${file}`);
  out.push(...storySection(data));
  out.push(`  title         ${data.title}`);
  out.push(`  format        ${data.metadata.format}${data.metadata.compressed ? ' (gzip)' : ''}`);
  out.push(
    `  call          ${data.callStart ?? '–'} → ${data.callEnd ?? '–'} (${duration(data.durationMs)})`,
  );
  const requests = mediaRequestsLine(data);
  if (requests) out.push(`  media         ${requests}`);
  const browser = [ua.browser, ua.version].filter(Boolean).join(' ');
  const os = [ua.os, ua.osVersion].filter(Boolean).join(' ');
  out.push(`  client        ${browser || 'unknown browser'}${os ? ` on ${os}` : ''}`);
  out.push(`  connectivity  ${data.connectivity}`);
  const ids = [
    data.metadata.conferenceId && `conference ${data.metadata.conferenceId}`,
    data.metadata.userId && `user ${data.metadata.userId}`,
  ]
    .filter(Boolean)
    .join(', ');
  if (ids) out.push(`  ids           ${ids}`);
  out.push(`  scores        ${scoresLine(data)}`);
  out.push('');
  out.push(`Connections (${data.pConnectionsNumber})`);
  const pcs = Object.values(data.pConnections);
  if (pcs.length > 0) {
    out.push(
      indent(
        table(
          ['id', 'state', 'setup', 'ice', 'restarts', 'pair', 'rtt'],
          pcs.map((pc) => {
            const pair = pc.selectedPairs[pc.selectedPairs.length - 1];
            const pairText = pair
              ? `${pair.local?.type ?? '?'}/${pair.local?.relayProtocol ?? pair.local?.protocol ?? '?'} → ${pair.remote?.type ?? '?'}`
              : 'none';
            const state = pc.failed
              ? pc.failedAfterConnected
                ? 'failed after connecting'
                : 'failed'
              : pc.connected
                ? 'connected'
                : (pc.finalState.connection ?? pc.finalState.iceConnection ?? 'never connected');
            return [
              pc.id,
              state,
              duration(pc.timings.setupMs),
              pc.finalState.iceConnection ?? '–',
              String(pc.iceRestarts),
              pairText,
              num(pc.roundTripTimeMs?.avg, 0, ' ms'),
            ];
          }),
        ),
      ),
    );
  }
  const streams = Object.values(data.streams);
  out.push('');
  out.push(`Streams (${streams.length})`);
  if (streams.length > 0) {
    out.push(
      indent(
        table(
          ['connection', 'kind', 'dir', 'codec', 'packets', 'loss', 'kbps', 'jitter', 'rtt', 'video'],
          streams.map((s) => [
            s.pid,
            s.kind,
            s.direction === 'inbound' ? 'in' : s.direction === 'outbound' ? 'out' : '⇄',
            s.kind === 'data' ? (s.data?.label ?? '–') : (s.codec?.mimeType.split('/')[1] ?? '–'),
            s.kind === 'data'
              ? `${s.data?.messagesSent ?? 0}/${s.data?.messagesReceived ?? 0} msg`
              : String(s.packets ?? '–'),
            num(s.packetLossPercent, 1, '%'),
            num(s.bitrateKbps?.avg, 0),
            num(s.jitterMs?.avg, 1, ' ms'),
            num(s.roundTripTimeMs?.avg, 0, ' ms'),
            videoText(s),
          ]),
        ),
      ),
    );
  }
  out.push('');
  out.push(...observationsSection(data));
  const failures = data.metadata.mediaRequests.filter((r) => r.outcome === 'failure');
  if (failures.length > 0) {
    out.push('');
    out.push('Media errors');
    for (const f of failures) out.push(`  ${f.api}: ${f.error}`);
  }
  if (data.metadata.warnings.length > 0) {
    out.push('');
    out.push('Notes');
    for (const w of data.metadata.warnings) out.push(`  - ${w}`);
  }
  return out.join('\n');
}

function videoText(s: AnalyzeResponseData['streams'][string]): string {
  const v = s.video;
  if (!v) return '';
  const res = resolutionText(v.frameWidth, v.frameHeight);
  const fps = v.framesPerSecond ? `${num(v.framesPerSecond.avg, 0)} fps` : '';
  const freezes = v.freezeCount ? `${v.freezeCount} ${v.freezeCount === 1 ? 'freeze' : 'freezes'}` : '';
  return [res, fps, freezes].filter(Boolean).join(' ');
}

type Range = NonNullable<AnalyzeResponseData['streams'][string]['video']>['frameWidth'];

/**
 * The resolutions a video stream had: its range when it changed (simulcast layers, adaptation),
 * not the last value, which is 0x0 for a sender stopped before the dump ended. Nothing for a
 * stream that never had a frame size.
 */
function resolutionText(width: Range, height: Range): string {
  if (!width || !height || width.max <= 0 || height.max <= 0) return '';
  const top = `${width.max}x${height.max}`;
  return width.min < width.max || height.min < height.max ? `${width.min}x${height.min}–${top}` : top;
}

/**
 * The app's getUserMedia / getDisplayMedia requests, apart from the call: the call runs from its
 * connections, and a request made long before (a preview, a page left open) is said as such.
 */
function mediaRequestsLine(data: AnalyzeResponseData): string | undefined {
  const times = data.metadata.mediaRequests.map((r) => r.at).filter((t): t is number => t !== null);
  if (times.length === 0) return undefined;
  const count = `${times.length} device request${times.length === 1 ? '' : 's'}`;
  const start = data.callStart === null ? Number.NaN : Date.parse(data.callStart);
  const first = Math.min(...times);
  if (!Number.isFinite(start) || first >= start) return count;
  return `${count}, the first ${duration(start - first)} before the call`;
}
