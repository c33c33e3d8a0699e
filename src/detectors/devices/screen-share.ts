import { defineDetector } from '../detector.js';

/** The client shared its screen (getDisplayMedia or screen-content video). */
export default defineDetector({
  meta: {
    type: 'screenShare',
    title: 'Screen sharing',
    severities: ['info'],
    tags: ['video', 'behavior'],
    category: 'devices',
    description:
      'The client captured its screen or a window (getDisplayMedia), or sent screen content. Screen sharing favours sharpness over frame rate and raises bitrate in bursts; low frame rates are expected then.',
    remedy: 'Nothing to do.',
    thresholds: [{ name: 'api', value: 'getDisplayMedia', source: 'W3C Screen Capture' }],
    related: ['lowFrameRate'],
  },
  // Needs the media requests or the video the client sent (its contentType marks screen content).
  applies: (session) =>
    session.mediaRequests.length > 0 ||
    session.connections.some((pc) =>
      pc.streams.some((s) => s.kind === 'video' && s.direction === 'outbound'),
    ),
  run: (session) => {
    const requests = session.mediaRequests.filter((r) => r.api === 'getDisplayMedia');
    const request = requests.find((r) => r.outcome === 'success') ?? requests[0];
    // Screen content the client sent; received screen content is the remote side sharing.
    const content = session.connections
      .flatMap((pc) => pc.streams)
      .find((s) => s.direction === 'outbound' && s.contentType === 'screenshare');
    if (!request && !content) return [];
    const outcome =
      request?.outcome === 'success'
        ? 'granted'
        : request?.outcome === 'failure'
          ? `failed with ${request.errorName ?? 'an error'}`
          : 'outcome not recorded';
    return [
      {
        severity: 'info' as const,
        firstSeenAt: request?.at ?? content?.firstPacketAt,
        ...(request ? { valueInCount: requests.length } : {}),
        indicators: {
          getDisplayMedia: !!request,
          outcome: request?.outcome ?? null,
          requests: requests.length,
          sentScreenContent: !!content,
        },
        meaning: request
          ? `The client requested screen capture ${requests.length > 1 ? `${requests.length} times ` : ''}(${outcome}).`
          : 'The client sent screen content.',
      },
    ];
  },
});
