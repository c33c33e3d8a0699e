/**
 * The high and critical observations of every fixture dump, each read against its dump (and the
 * scenario's truth.json for the recorded calls) by a person before it was written here. A dump
 * not listed has nothing at high or above. Never regenerate this file: when the analysis changes
 * what is serious, read the new verdict against the dump, then add it with why it holds.
 */

/** Why each serious type holds, per fixture directory (a chromium156 scenario or a jitsi dump). */
export const WHY: Record<string, Record<string, string>> = {
  'chromium156/bandwidth': {
    networkCongestionOut:
      'truth: a 250 kbit/s bottleneck each way for the whole call; the send estimate settles near 180 kbit/s against 720p video, so the video is held back on both ends.',
  },
  'chromium156/bandwidth-drop-down': {
    networkCongestionIn:
      'caller: truth has a 300 kbit/s bottleneck callee -> caller from 10 s; its received video falls from ~340 to 130-230 kbit/s from 0:11 to the end while its jitter rises from 1-2 ms to 15-24 ms.',
    networkCongestionOut:
      "callee: its send estimate falls from ~4 Mbit/s to ~230 kbit/s at 0:10, when the truth's bottleneck starts, and qualityLimitationReason is 'bandwidth' from then to the end; the encoder's limitation is its symptom (low).",
  },
  'chromium156/remove-video': {
    remoteMediaStopped:
      "callee: truth has the caller remove its video sender at 15 s; the received video's packet count stops growing at 0:16 and never moves again while audio and the pair keep flowing. The caller's dump names the app's action (trackRemoved, low).",
  },
  'chromium156/replace-null': {
    remoteMediaStopped:
      "callee: truth has the caller replace its camera track with null at 15 s; received video packets stop at 0:16 for the rest of the call with the connection up. The caller's dump names trackReplaced (low).",
  },
  'chromium156/track-stopped': {
    remoteMediaStopped:
      "callee: truth has the caller stop its camera track at 15 s; received video stops at 0:16 and never resumes while audio keeps arriving. The caller's dump names trackStopped (low).",
  },
  'chromium156/track-stopped-callee-audio': {
    remoteMediaStopped:
      "caller: truth has the callee stop its microphone at 10 s; received audio packets stop at 0:11 for the last 19 s while video keeps arriving. The callee's dump names trackStopped (low).",
  },
  'chromium156/ice-fail': {
    iceFailure: 'truth: all UDP between the peers dropped; 241 checks sent, none answered, ICE failed.',
    turnNoConfig:
      'the RTCConfiguration has no iceServers at all, and the call failed where a TURN relay is the standard way through such a firewall.',
  },
  'chromium156/jitter': {
    networkReorderingIn:
      'truth: 40 ms +-35 ms jitter with reordering allowed both ways; 16-18 % of the video packets were NACKed though the loss counters stay near 0: they arrived out of order.',
    networkReorderingOut: 'the same path the other way (the remote NACKed 16-18 % of what this client sent).',
  },
  'chromium156/loss': {
    networkLossIn:
      'truth: random loss on every datagram both ways; the received loss counters read 7-8 % over the call.',
    networkLossOut: 'the same both ways: the remote reports 7-8 % of what this client sent lost.',
  },
  'chromium156/loss-late-up': {
    networkLossIn:
      'callee: truth adds 8 % loss caller -> callee at 15 s; received loss 5-6 % from 0:15 to the end.',
    networkLossOut: 'caller: the same path seen from the sender, receiver reports of 6.5-7 % from 0:16.',
  },
  'chromium156/loss-window-down': {
    networkLossIn:
      'caller: truth has burst loss callee -> caller from 10 s to 20 s; received loss ~6 % from 0:11 for 10 s.',
    networkLossOut:
      'callee: the same window seen from the sender, its receiver reports 5-6 % lost from 0:12 for 10 s.',
  },
  'chromium156/outage': {
    connectionInterrupted:
      'truth: all traffic dropped both ways from 20 s for 8 s; packets stop at 0:21 on every stream and the pair, ICE goes disconnected at 0:26 and back at 0:28.',
  },
  'jitsi/chrome-relay': {
    networkLossIn:
      'the two received video streams lose 15.6 % and 17.9 % of their packets in the 10 s interval at 1:30 (the dump samples every 10 s), with jitter rising to 45-76 ms and the bitrate halving just before.',
  },
  'jitsi/chrome-standard-pc-failed': {
    connectionLost:
      "PC_0's connectionState goes connected, then failed 14 s later, and the dump ends without it recovering.",
    getUserMediaNotReadable:
      'the getUserMedia log holds a NotReadableError for the camera and no later request that obtained one (the camera was in use elsewhere).',
  },
  'jitsi/chrome-standard-pc-reconnect': {
    connectionLost: "PC_0's connectionState ends failed 94 s after connecting.",
    connectionInterrupted:
      'PC_0 went disconnected twice before it failed, for 10 s each (1:25 and 1:38 after the call start), and came back each time.',
    getUserMediaNotReadable:
      'a NotReadableError for the camera in the getUserMedia log, with no later success.',
  },
  'jitsi/firefox-standard-stats-sfu': {
    pliStorm:
      "the sent video's pliCount grows by about 820 over the 154 s of the call (5 a second): the bridge asked for a keyframe over and over, and the video stayed near 100 kbit/s.",
  },
  'jitsi/google-legacy-screenshare-msessions': {
    getUserMediaNotReadable:
      'the getUserMedia log holds a NotReadableError and no later request obtained a camera.',
  },
  'jitsi/google-standard-stats-p2p': {
    networkLossOut:
      'the remote reports 8-9 % of the packets this client sent lost from 0:39 for about a minute.',
    networkCongestionIn:
      "on the bridge connection (PC_1) the received video falls to ~54 kbit/s for 10 s from 1:18 with the same set of streams flowing, while jitter rises over the call's baseline; where the remote camera was off or the bridge switched streams is left out.",
    audioConcealment:
      'concealedSamples over totalSamplesReceived of the received audio come to 13 % over the call: the counters say so (no loss cause on the way in explains it).',
  },
  'jitsi/safari-relay': {
    networkCongestionIn:
      'the received video falls from ~840 to ~100 kbit/s in three stretches from 0:40 with jitter rising (the issue this dump was shared for).',
    networkLossIn: 'half of the packets received are lost from 2:16 for 18 s as the relay path breaks down.',
    networkLossOut: 'the remote reports 18 % of what this client sent lost over the same stretch.',
    highOutgoingRoundTripTime:
      'remote-inbound roundTripTime averages 3.3 s from 2:27 (up to 7 s) over TURN/TLS.',
  },
  'jitsi/undefined-ice-candidate': {
    dtlsFailure: 'ICE reaches connected on PC_0 but the DTLS transport never does, and no media flows.',
  },
};

/** 'severity type' of each high or critical observation, sorted, per dump (relative to test/fixtures). */
export const SERIOUS: Record<string, string[]> = {
  'chromium156/bandwidth/chromium_rtcstats_dump.callee.gz': ['high networkCongestionOut'],
  'chromium156/bandwidth/chromium_rtcstats_dump.gz': ['high networkCongestionOut'],
  'chromium156/bandwidth/rtcstats_dump.callee.txt': ['high networkCongestionOut'],
  'chromium156/bandwidth/rtcstats_dump.caller.txt': ['high networkCongestionOut'],
  'chromium156/bandwidth/webrtc_internals_dump.callee.txt': ['high networkCongestionOut'],
  'chromium156/bandwidth/webrtc_internals_dump.txt': ['high networkCongestionOut'],
  'chromium156/bandwidth-drop-down/chromium_rtcstats_dump.callee.gz': ['high networkCongestionOut'],
  'chromium156/bandwidth-drop-down/chromium_rtcstats_dump.gz': ['high networkCongestionIn'],
  'chromium156/bandwidth-drop-down/rtcstats_dump.callee.txt': ['high networkCongestionOut'],
  'chromium156/bandwidth-drop-down/rtcstats_dump.caller.txt': ['high networkCongestionIn'],
  'chromium156/bandwidth-drop-down/webrtc_internals_dump.callee.txt': ['high networkCongestionOut'],
  'chromium156/bandwidth-drop-down/webrtc_internals_dump.txt': ['high networkCongestionIn'],
  'chromium156/ice-fail/chromium_rtcstats_dump.callee.gz': ['critical iceFailure', 'high turnNoConfig'],
  'chromium156/ice-fail/chromium_rtcstats_dump.gz': ['critical iceFailure', 'high turnNoConfig'],
  'chromium156/ice-fail/rtcstats_dump.callee.txt': ['critical iceFailure', 'high turnNoConfig'],
  'chromium156/ice-fail/rtcstats_dump.caller.txt': ['critical iceFailure', 'high turnNoConfig'],
  'chromium156/ice-fail/webrtc_internals_dump.callee.txt': ['critical iceFailure', 'high turnNoConfig'],
  'chromium156/ice-fail/webrtc_internals_dump.txt': ['critical iceFailure', 'high turnNoConfig'],
  'chromium156/jitter/chromium_rtcstats_dump.callee.gz': [
    'high networkReorderingIn',
    'high networkReorderingOut',
  ],
  'chromium156/jitter/chromium_rtcstats_dump.gz': ['high networkReorderingIn', 'high networkReorderingOut'],
  'chromium156/jitter/rtcstats_dump.callee.txt': ['high networkReorderingIn', 'high networkReorderingOut'],
  'chromium156/jitter/rtcstats_dump.caller.txt': ['high networkReorderingIn', 'high networkReorderingOut'],
  'chromium156/jitter/webrtc_internals_dump.callee.txt': [
    'high networkReorderingIn',
    'high networkReorderingOut',
  ],
  'chromium156/jitter/webrtc_internals_dump.txt': ['high networkReorderingIn', 'high networkReorderingOut'],
  'chromium156/loss/chromium_rtcstats_dump.callee.gz': ['high networkLossIn', 'high networkLossOut'],
  'chromium156/loss/chromium_rtcstats_dump.gz': ['high networkLossIn', 'high networkLossOut'],
  'chromium156/loss/rtcstats_dump.callee.txt': ['high networkLossIn', 'high networkLossOut'],
  'chromium156/loss/rtcstats_dump.caller.txt': ['high networkLossIn', 'high networkLossOut'],
  'chromium156/loss/webrtc_internals_dump.callee.txt': ['high networkLossIn', 'high networkLossOut'],
  'chromium156/loss/webrtc_internals_dump.txt': ['high networkLossIn', 'high networkLossOut'],
  'chromium156/loss-late-up/chromium_rtcstats_dump.callee.gz': ['high networkLossIn'],
  'chromium156/loss-late-up/chromium_rtcstats_dump.gz': ['high networkLossOut'],
  'chromium156/loss-late-up/rtcstats_dump.callee.txt': ['high networkLossIn'],
  'chromium156/loss-late-up/rtcstats_dump.caller.txt': ['high networkLossOut'],
  'chromium156/loss-late-up/webrtc_internals_dump.callee.txt': ['high networkLossIn'],
  'chromium156/loss-late-up/webrtc_internals_dump.txt': ['high networkLossOut'],
  'chromium156/loss-window-down/chromium_rtcstats_dump.callee.gz': ['high networkLossOut'],
  'chromium156/loss-window-down/chromium_rtcstats_dump.gz': ['high networkLossIn'],
  'chromium156/loss-window-down/rtcstats_dump.callee.txt': ['high networkLossOut'],
  'chromium156/loss-window-down/rtcstats_dump.caller.txt': ['high networkLossIn'],
  'chromium156/loss-window-down/webrtc_internals_dump.callee.txt': ['high networkLossOut'],
  'chromium156/loss-window-down/webrtc_internals_dump.txt': ['high networkLossIn'],
  'chromium156/outage/chromium_rtcstats_dump.callee.gz': ['high connectionInterrupted'],
  'chromium156/outage/chromium_rtcstats_dump.gz': ['high connectionInterrupted'],
  'chromium156/outage/rtcstats_dump.callee.txt': ['high connectionInterrupted'],
  'chromium156/outage/rtcstats_dump.caller.txt': ['high connectionInterrupted'],
  'chromium156/outage/webrtc_internals_dump.callee.txt': ['high connectionInterrupted'],
  'chromium156/outage/webrtc_internals_dump.txt': ['high connectionInterrupted'],
  'chromium156/remove-video/chromium_rtcstats_dump.callee.gz': ['high remoteMediaStopped'],
  'chromium156/remove-video/rtcstats_dump.callee.txt': ['high remoteMediaStopped'],
  'chromium156/remove-video/webrtc_internals_dump.callee.txt': ['high remoteMediaStopped'],
  'chromium156/replace-null/chromium_rtcstats_dump.callee.gz': ['high remoteMediaStopped'],
  'chromium156/replace-null/rtcstats_dump.callee.txt': ['high remoteMediaStopped'],
  'chromium156/replace-null/webrtc_internals_dump.callee.txt': ['high remoteMediaStopped'],
  'chromium156/track-stopped/chromium_rtcstats_dump.callee.gz': ['high remoteMediaStopped'],
  'chromium156/track-stopped/rtcstats_dump.callee.txt': ['high remoteMediaStopped'],
  'chromium156/track-stopped/webrtc_internals_dump.callee.txt': ['high remoteMediaStopped'],
  'chromium156/track-stopped-callee-audio/chromium_rtcstats_dump.gz': ['high remoteMediaStopped'],
  'chromium156/track-stopped-callee-audio/rtcstats_dump.caller.txt': ['high remoteMediaStopped'],
  'chromium156/track-stopped-callee-audio/webrtc_internals_dump.txt': ['high remoteMediaStopped'],
  'jitsi/chrome-relay': ['high networkLossIn'],
  'jitsi/chrome-standard-pc-failed': ['critical connectionLost', 'high getUserMediaNotReadable'],
  'jitsi/chrome-standard-pc-reconnect': [
    'critical connectionLost',
    'high connectionInterrupted',
    'high getUserMediaNotReadable',
  ],
  'jitsi/firefox-standard-stats-sfu': ['high pliStorm'],
  'jitsi/google-legacy-screenshare-msessions': ['high getUserMediaNotReadable'],
  'jitsi/google-standard-stats-p2p': [
    'high audioConcealment',
    'high networkCongestionIn',
    'high networkLossOut',
  ],
  'jitsi/safari-relay': [
    'high highOutgoingRoundTripTime',
    'high networkCongestionIn',
    'high networkLossIn',
    'high networkLossOut',
  ],
  'jitsi/undefined-ice-candidate': ['critical dtlsFailure'],
};
