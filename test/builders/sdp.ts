/** A minimal but well-formed unified-plan SDP, enough for callscope's SDP reader. */

export interface SdpMedia {
  kind: 'audio' | 'video' | 'application';
  mid: string;
  ssrc?: number;
  direction?: 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';
}

export interface SdpSpec {
  sessionId: string;
  ufrag: string;
  setup: 'actpass' | 'active' | 'passive';
  media: readonly SdpMedia[];
  /** `candidate:…` lines to put in the first section (answers from ICE-lite servers carry them). */
  candidates?: readonly string[];
}

const FINGERPRINT =
  'sha-256 4F:21:0B:4C:9E:67:81:12:3A:BD:0E:55:6C:7A:90:21:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22';

export function sdp(spec: SdpSpec): string {
  const lines = [
    'v=0',
    `o=- ${spec.sessionId} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    `a=group:BUNDLE ${spec.media.map((m) => m.mid).join(' ')}`,
    'a=msid-semantic: WMS stream0',
  ];
  spec.media.forEach((m, index) => {
    if (m.kind === 'application') lines.push('m=application 9 UDP/DTLS/SCTP webrtc-datachannel');
    else if (m.kind === 'audio') lines.push('m=audio 9 UDP/TLS/RTP/SAVPF 111');
    else lines.push('m=video 9 UDP/TLS/RTP/SAVPF 96');
    lines.push('c=IN IP4 0.0.0.0');
    lines.push(`a=ice-ufrag:${spec.ufrag}`, 'a=ice-pwd:aGVsbG8gd29ybGQgcGFzc3dvcmQ', 'a=ice-options:trickle');
    lines.push(`a=fingerprint:${FINGERPRINT}`, `a=setup:${spec.setup}`, `a=mid:${m.mid}`);
    if (index === 0) for (const c of spec.candidates ?? []) lines.push(`a=${c}`);
    if (m.kind === 'application') {
      lines.push('a=sctp-port:5000');
      return;
    }
    lines.push(`a=${m.direction ?? 'sendrecv'}`, 'a=rtcp-mux');
    if (m.kind === 'audio') {
      lines.push('a=rtpmap:111 opus/48000/2', 'a=fmtp:111 minptime=10;useinbandfec=1');
    } else {
      lines.push('a=rtpmap:96 VP8/90000', 'a=rtcp-fb:96 nack', 'a=rtcp-fb:96 nack pli');
    }
    if (m.ssrc !== undefined) lines.push(`a=ssrc:${m.ssrc} cname:synthetic`);
  });
  return `${lines.join('\r\n')}\r\n`;
}
