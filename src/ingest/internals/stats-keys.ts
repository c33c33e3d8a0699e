/**
 * webrtc-internals stores each attribute series under `"<statsId>-<attribute>"`. Stats ids can
 * contain `-` themselves (goog ids, certificate fingerprints, Firefox GUIDs), so split at the last
 * one. Series computed by the page (`"<statsId>-[bytesSent_in_bits/s]"`) are split at `-[`; we
 * recompute those from counters, so callers usually drop them.
 */
export function splitStatsKey(key: string): { id: string; attribute: string; computed: boolean } | undefined {
  if (key.endsWith(']')) {
    const at = key.lastIndexOf('-[');
    if (at > 0) return { id: key.slice(0, at), attribute: key.slice(at + 1), computed: true };
  }
  const at = key.lastIndexOf('-');
  if (at <= 0 || at === key.length - 1) return undefined;
  return { id: key.slice(0, at), attribute: key.slice(at + 1), computed: false };
}

/** Long-form stats id prefixes used before Chrome added `statsType` and short ids (~M106). */
const ID_PREFIX_TYPES: readonly (readonly [string, string])[] = [
  ['RTCInboundRTP', 'inbound-rtp'],
  ['RTCOutboundRTP', 'outbound-rtp'],
  ['RTCRemoteInboundRtp', 'remote-inbound-rtp'],
  ['RTCRemoteOutboundRTP', 'remote-outbound-rtp'],
  ['RTCIceCandidatePair_', 'candidate-pair'],
  ['RTCTransport_', 'transport'],
  ['RTCCodec_', 'codec'],
  ['RTCMediaStreamTrack_', 'track'],
  ['RTCMediaStream_', 'stream'],
  ['RTCCertificate_', 'certificate'],
  ['RTCPeerConnection', 'peer-connection'],
  ['RTCDataChannel_', 'data-channel'],
  ['RTCAudioSource_', 'media-source'],
  ['RTCVideoSource_', 'media-source'],
  ['RTCAudioPlayout_', 'media-playout'],
  // Legacy (goog) stats of the callback-based getStats.
  ['Conn-', 'googCandidatePair'],
  ['ssrc_', 'ssrc'],
  ['bweforvideo', 'VideoBwe'],
  ['Channel-', 'googComponent'],
  ['googTrack_', 'googTrack'],
  ['googLibjingleSession_', 'googLibjingleSession'],
  ['googCertificate_', 'googCertificate'],
];

/**
 * Stats type of a report recorded without `statsType`. Candidates (`RTCIceCandidate_…`, goog
 * `Cand-…`) are local or remote depending on an attribute, passed as `isRemote`.
 */
export function inferStatsType(id: string, isRemote: unknown): string | undefined {
  for (const [prefix, type] of ID_PREFIX_TYPES) if (id.startsWith(prefix)) return type;
  if (id.startsWith('RTCIceCandidate_') || id.startsWith('Cand-')) {
    if (isRemote === true || isRemote === 'true') return 'remote-candidate';
    if (isRemote === false || isRemote === 'false') return 'local-candidate';
    // Goog candidates carry no side: resolved later from the pairs that reference them.
    return id.startsWith('Cand-') ? 'googCandidate' : 'local-candidate';
  }
  return undefined;
}
