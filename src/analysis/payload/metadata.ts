import type { SessionView } from '../../computed/session-view.js';
import type { Metadata } from '../../model/payload/metadata.js';
import { epochOrNull, orNull } from './numbers.js';

export function metadata(session: SessionView, notApplicable: readonly string[]): Metadata {
  const flag = (name: 'statsTruncated' | 'lateOpenedSnapshot' | 'legacyStats' | 'eventTimesEstimated') =>
    session.connections.some((c) => c.flags[name] === true);
  const eras = [
    ...new Set(
      session.connections.map((c) => c.flags.updateLogEra).filter((e): e is NonNullable<typeof e> => !!e),
    ),
  ];
  const { userId, conferenceId, sessionId, extra } = session.identity;
  return {
    format: session.format.format,
    // The schema promises an integer; a damaged file may say anything.
    fileFormat: Number.isInteger(session.format.fileFormat) ? (session.format.fileFormat as number) : null,
    clientProtocol: orNull(session.format.clientProtocol),
    statsFormat: orNull(session.format.statsFormat),
    compressed: session.format.gzip,
    textSizeBytes: session.textSize,
    conferenceId: orNull(conferenceId),
    sessionId: orNull(sessionId),
    userId: orNull(userId),
    identity: { ...extra },
    pageUrl: orNull(session.client.url ?? session.connections.find((c) => c.url)?.url),
    origin: orNull(session.client.origin),
    updateLogEras: eras,
    flags: {
      statsTruncated: flag('statsTruncated'),
      lateOpenedSnapshot: flag('lateOpenedSnapshot'),
      legacyStats: flag('legacyStats'),
      eventTimesEstimated: flag('eventTimesEstimated'),
    },
    mediaRequests: session.mediaRequests.map((r) => ({
      api: r.api,
      at: epochOrNull(r.at),
      audio: r.audio ?? null,
      video: r.video ?? null,
      outcome: r.outcome,
      completedAt: epochOrNull(r.completedAt),
      error: r.errorName ? (r.errorMessage ? `${r.errorName}: ${r.errorMessage}` : r.errorName) : null,
      tracks: r.tracks.map((t) => ({ kind: t.kind, label: t.label })),
    })),
    warnings: [...session.warnings],
    notApplicable: [...notApplicable],
  };
}
