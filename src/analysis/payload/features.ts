import type { SessionView } from '../../computed/session-view.js';
import { scopeOf } from './aggregated-stats.js';
import { currentPair } from './peer-connections.js';

type Feature = boolean | number | string | null;

/** Flags and values about devices, network and capabilities, derived from the whole session. */
export function features(session: SessionView): Record<string, Feature> {
  const views = session.connections;
  const streams = views.flatMap((v) => v.streams);
  const count = (scope: string) =>
    streams.filter((s) => scopeOf(s) === scope && (s.totals.packets ?? 0) > 0).length;
  const pairs = views.map((v) => currentPair(v.ice.pairs, v.ice.selected)).filter((p) => p !== undefined);
  const gum = session.mediaRequests.filter((r) => r.api === 'getUserMedia');
  const gdm = session.mediaRequests.filter((r) => r.api === 'getDisplayMedia');
  const failures = session.mediaRequests.filter((r) => r.outcome === 'failure');
  const tracks = session.mediaRequests.flatMap((r) => r.tracks);
  const codec = (direction: string, kind: string) =>
    streams.find((s) => s.direction === direction && s.kind === kind && s.codec)?.codec?.mimeType ?? null;
  const maxHeight = (direction: string) => {
    let best: string | null = null;
    let bestPixels = 0;
    for (const s of streams) {
      if (s.kind !== 'video' || s.direction !== direction) continue;
      const h = s.series.frameHeight;
      const w = s.series.frameWidth;
      if (!h || !w) continue;
      for (let i = 0; i < h.length; i++) {
        const px = h[i]! * w[i]!;
        if (px > bestPixels) {
          bestPixels = px;
          best = `${w[i]}x${h[i]}`;
        }
      }
    }
    return best;
  };
  return {
    peerConnections: views.length,
    connected: views.some((v) => v.lifecycle.everConnected),
    connectionFailed: views.some((v) => v.lifecycle.failed),
    hasStatistics: views.some((v) => v.ice.samples > 0),
    audioInbound: count('in_audio'),
    audioOutbound: count('out_audio'),
    videoInbound: count('in_video'),
    videoOutbound: count('out_video'),
    hasAudio: streams.some((s) => s.kind === 'audio'),
    hasVideo: streams.some((s) => s.kind === 'video'),
    hasDataChannel: views.some((v) => v.ice.dataChannels.length > 0 || v.signaling.dataChannels.length > 0),
    screenShare: gdm.length > 0 || streams.some((s) => s.contentType === 'screenshare'),
    usesRelay: pairs.some((p) => p.local?.type === 'relay' || p.remote?.type === 'relay'),
    usesTcp: pairs.some(
      (p) =>
        p.local?.protocol === 'tcp' || p.local?.relayProtocol === 'tcp' || p.local?.relayProtocol === 'tls',
    ),
    iceRestarts: views.reduce((n, v) => n + v.signaling.iceRestarts, 0),
    simulcast: views.some((v) =>
      v.signaling.localDescriptions.some((d) => d.summary.sections.some((s) => s.simulcast)),
    ),
    getUserMediaCalls: gum.length,
    getDisplayMediaCalls: gdm.length,
    mediaErrors: failures.length,
    firstMediaError: failures[0]?.errorName ?? null,
    audioInputLabel: tracks.find((t) => t.kind === 'audio')?.label || null,
    videoInputLabel: tracks.find((t) => t.kind === 'video')?.label || null,
    audioCodecOut: codec('outbound', 'audio'),
    audioCodecIn: codec('inbound', 'audio'),
    videoCodecOut: codec('outbound', 'video'),
    videoCodecIn: codec('inbound', 'video'),
    maxSentResolution: maxHeight('outbound'),
    maxReceivedResolution: maxHeight('inbound'),
    cpuCores: session.client.hardwareConcurrency ?? null,
    deviceMemoryGb: session.client.deviceMemory ?? null,
  };
}
