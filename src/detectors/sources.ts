/**
 * Where thresholds come from, named once so meta stays short and consistent. See
 * docs/observations for the full references.
 */
export const SOURCES = {
  consensusLoss:
    'Open-project consensus: loss matters from 2 %, is bad above 5 % and severe above 10 % (ObserveRTC, webrtc-issue-detector, testRTC, jitsi ConnectionQuality)',
  consensusJitter:
    'Open-project consensus: jitter degrades from 30 ms and is bad at 100–200 ms (ObserveRTC, webrtc-issue-detector, Guilospanck analyzer)',
  consensusRtt:
    'ITU-T G.114 (one-way delay up to 150 ms keeps interactivity, above 400 ms is unacceptable) and ObserveRTC bands (RTT 150 degraded, 300 bad)',
  g114: 'ITU-T G.114: one-way mouth-to-ear delay up to 150 ms is transparent to most users',
  issueDetectorFreeze:
    'webrtc-issue-detector FrozenVideoTrack: frozen time share above 30 % or average freeze above 1000 ms',
  clientMonitor: 'ObserveRTC client-monitor-js detector defaults',
  rtcstatsFeatures: 'rtcstats-features (rtcstats/rtcstats)',
  jitsiNoAudio: 'lib-jitsi-meet NoAudioSignalDetection: local audio level 0 for 4000 ms',
  webrtcPc: 'W3C webrtc-pc: RTCPeerConnection states (RTCIceConnectionState, RTCPeerConnectionState)',
  webrtcPcIceError: 'W3C webrtc-pc: RTCPeerConnectionIceErrorEvent (701: TURN/STUN server unreachable)',
  rfc8656:
    'RFC 8656 (TURN): 401 Unauthorized, 403 Forbidden, 437 Allocation Mismatch, 441 Wrong Credentials, 486 Allocation Quota Reached',
  mediaCapture: 'W3C Media Capture and Streams: getUserMedia error names',
  webrtcStats: 'W3C webrtc-stats identifiers',
  chromeInternals: 'Chrome webrtc-internals: 1000 samples per series (data_series.js)',
  rfc8827: 'RFC 8827 (WebRTC security architecture): DTLS 1.2 and SHA-256 fingerprints',
  rfc1918: 'RFC 1918, RFC 6598, RFC 4193: private and shared address space',
  peermetrics: 'peermetrics/api issue rules',
} as const;
