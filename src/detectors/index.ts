import { compareText } from '../model/compare-text.js';
import addIceCandidateFailure from './connections/add-ice-candidate-failure.js';
import callEndedDuringSetup from './connections/call-ended-during-setup.js';
import connectionChurn from './connections/connection-churn.js';
import connectionInterrupted from './connections/connection-interrupted.js';
import connectionLost from './connections/connection-lost.js';
import createDescriptionFailure from './connections/create-description-failure.js';
import dtlsFailure from './connections/dtls-failure.js';
import duplicatedLinesInLocalSdp from './connections/duplicated-lines-in-local-sdp.js';
import duplicatedLinesInRemoteSdp from './connections/duplicated-lines-in-remote-sdp.js';
import highSignalingTime from './connections/high-signaling-time.js';
import iceFailure from './connections/ice-failure.js';
import iceRestart from './connections/ice-restart.js';
import iceWarmup from './connections/ice-warmup.js';
import mungedLocalSdp from './connections/munged-local-sdp.js';
import mungedReorderedLinesInLocalSdp from './connections/munged-reordered-lines-in-local-sdp.js';
import networkCongestionIn from './connections/network-congestion-in.js';
import networkCongestionOut from './connections/network-congestion-out.js';
import networkLossIn from './connections/network-loss-in.js';
import networkLossOut from './connections/network-loss-out.js';
import networkReorderingIn from './connections/network-reordering-in.js';
import networkReorderingOut from './connections/network-reordering-out.js';
import renegotiation from './connections/renegotiation.js';
import setDescriptionFailure from './connections/set-description-failure.js';
import slowDtlsEstablishment from './connections/slow-dtls-establishment.js';
import slowIceConnection from './connections/slow-ice-connection.js';
import unfinishedNegotiation from './connections/unfinished-negotiation.js';
import dataChannelFailure from './datachannels/data-channel-failure.js';
import type { Detector } from './detector.js';
import aecDisabled from './devices/aec-disabled.js';
import bluetoothDevice from './devices/bluetooth-device.js';
import cpuPressure from './devices/cpu-pressure.js';
import getUserMediaNotAllowed from './devices/get-user-media-not-allowed.js';
import getUserMediaNotFound from './devices/get-user-media-not-found.js';
import getUserMediaNotReadable from './devices/get-user-media-not-readable.js';
import getUserMediaOtherError from './devices/get-user-media-other-error.js';
import getUserMediaOverconstrained from './devices/get-user-media-overconstrained.js';
import lowEndDevice from './devices/low-end-device.js';
import screenShare from './devices/screen-share.js';
import shortLivedTrack from './devices/short-lived-track.js';
import usbDevice from './devices/usb-device.js';
import incompleteLog from './logs/incomplete-log.js';
import legacyStats from './logs/legacy-stats.js';
import noStatistics from './logs/no-statistics.js';
import statsTruncated from './logs/stats-truncated.js';
import cannotReachStun from './pairs/cannot-reach-stun.js';
import cannotReachTurn from './pairs/cannot-reach-turn.js';
import directTcp from './pairs/direct-tcp.js';
import frequentPathSwitches from './pairs/frequent-path-switches.js';
import highIncomingRoundTripTime from './pairs/high-incoming-round-trip-time.js';
import highOutgoingRoundTripTime from './pairs/high-outgoing-round-trip-time.js';
import highStunDelay from './pairs/high-stun-delay.js';
import highTurnDelay from './pairs/high-turn-delay.js';
import iceTransportPolicyRelay from './pairs/ice-transport-policy-relay.js';
import lowBandwidthEstimate from './pairs/low-bandwidth-estimate.js';
import privateTurnAddress from './pairs/private-turn-address.js';
import publicDiscoveredAddress from './pairs/public-discovered-address.js';
import relayOverTcp from './pairs/relay-over-tcp.js';
import relayOverTls from './pairs/relay-over-tls.js';
import relayOverUdp from './pairs/relay-over-udp.js';
import turnAuthenticationError from './pairs/turn-authentication-error.js';
import turnClientError from './pairs/turn-client-error.js';
import turnNoConfig from './pairs/turn-no-config.js';
import useVpn from './pairs/use-vpn.js';
import weakCertificateFingerprint from './pairs/weak-certificate-fingerprint.js';
import weakDtlsVersion from './pairs/weak-dtls-version.js';
import weakSrtpCipher from './pairs/weak-srtp-cipher.js';
import audioConcealment from './streams/audio-concealment.js';
import audioInterruptions from './streams/audio-interruptions.js';
import bandwidthLimitation from './streams/bandwidth-limitation.js';
import constantMicrophoneVolume from './streams/constant-microphone-volume.js';
import cpuLimitation from './streams/cpu-limitation.js';
import delaysSendingMedia from './streams/delays-sending-media.js';
import encodingLimited from './streams/encoding-limited.js';
import framesDropped from './streams/frames-dropped.js';
import highDecodeTime from './streams/high-decode-time.js';
import highEncodeTime from './streams/high-encode-time.js';
import highFreezeDuration from './streams/high-freeze-duration.js';
import highNegativePacketsLost from './streams/high-negative-packets-lost.js';
import highRetransmissions from './streams/high-retransmissions.js';
import longMute from './streams/long-mute.js';
import lowFrameRate from './streams/low-frame-rate.js';
import nackStorm from './streams/nack-storm.js';
import networkAudioLossIn from './streams/network-audio-loss-in.js';
import networkAudioLossOut from './streams/network-audio-loss-out.js';
import networkMediaJitterIn from './streams/network-media-jitter-in.js';
import networkMediaJitterOut from './streams/network-media-jitter-out.js';
import networkVideoLossIn from './streams/network-video-loss-in.js';
import networkVideoLossOut from './streams/network-video-loss-out.js';
import nullVideoDecoder from './streams/null-video-decoder.js';
import oneWayMedia from './streams/one-way-media.js';
import otherLimitation from './streams/other-limitation.js';
import pliStorm from './streams/pli-storm.js';
import remoteMediaStopped from './streams/remote-media-stopped.js';
import remoteTrackMuted from './streams/remote-track-muted.js';
import resolutionDrop from './streams/resolution-drop.js';
import silentMicrophone from './streams/silent-microphone.js';
import softwareVideoCodec from './streams/software-video-codec.js';
import speakerDelay from './streams/speaker-delay.js';
import trackMuted from './streams/track-muted.js';
import trackRemoved from './streams/track-removed.js';
import trackReplaced from './streams/track-replaced.js';
import trackStopped from './streams/track-stopped.js';
import unusedStream from './streams/unused-stream.js';
import videoPaused from './streams/video-paused.js';

/**
 * Every detector, sorted by type. A detector file is named after its observation type in kebab-case
 * (`networkAudioLossIn` → network-audio-loss-in.ts); a test keeps this list, the files and the meta in
 * step.
 */
export const DETECTORS: readonly Detector[] = [
  addIceCandidateFailure,
  aecDisabled,
  audioConcealment,
  audioInterruptions,
  bandwidthLimitation,
  bluetoothDevice,
  callEndedDuringSetup,
  cannotReachStun,
  cannotReachTurn,
  connectionChurn,
  connectionInterrupted,
  connectionLost,
  constantMicrophoneVolume,
  cpuLimitation,
  cpuPressure,
  createDescriptionFailure,
  dataChannelFailure,
  delaysSendingMedia,
  directTcp,
  dtlsFailure,
  duplicatedLinesInLocalSdp,
  duplicatedLinesInRemoteSdp,
  encodingLimited,
  framesDropped,
  frequentPathSwitches,
  getUserMediaNotAllowed,
  getUserMediaNotFound,
  getUserMediaNotReadable,
  getUserMediaOtherError,
  getUserMediaOverconstrained,
  highDecodeTime,
  highEncodeTime,
  highFreezeDuration,
  highIncomingRoundTripTime,
  highNegativePacketsLost,
  highOutgoingRoundTripTime,
  highRetransmissions,
  highSignalingTime,
  highStunDelay,
  highTurnDelay,
  iceFailure,
  iceRestart,
  iceTransportPolicyRelay,
  iceWarmup,
  incompleteLog,
  legacyStats,
  longMute,
  lowBandwidthEstimate,
  lowEndDevice,
  lowFrameRate,
  mungedLocalSdp,
  mungedReorderedLinesInLocalSdp,
  nackStorm,
  networkAudioLossIn,
  networkAudioLossOut,
  networkCongestionIn,
  networkCongestionOut,
  networkLossIn,
  networkLossOut,
  networkMediaJitterIn,
  networkMediaJitterOut,
  networkReorderingIn,
  networkReorderingOut,
  networkVideoLossIn,
  networkVideoLossOut,
  noStatistics,
  nullVideoDecoder,
  oneWayMedia,
  otherLimitation,
  pliStorm,
  privateTurnAddress,
  publicDiscoveredAddress,
  remoteMediaStopped,
  remoteTrackMuted,
  renegotiation,
  relayOverTcp,
  relayOverTls,
  relayOverUdp,
  resolutionDrop,
  screenShare,
  setDescriptionFailure,
  shortLivedTrack,
  silentMicrophone,
  slowDtlsEstablishment,
  slowIceConnection,
  softwareVideoCodec,
  speakerDelay,
  statsTruncated,
  trackMuted,
  trackRemoved,
  trackReplaced,
  trackStopped,
  turnAuthenticationError,
  turnClientError,
  turnNoConfig,
  unfinishedNegotiation,
  unusedStream,
  usbDevice,
  useVpn,
  videoPaused,
  weakCertificateFingerprint,
  weakDtlsVersion,
  weakSrtpCipher,
].sort((a, b) => compareText(a.meta.type, b.meta.type));

export const DETECTOR_BY_TYPE: ReadonlyMap<string, Detector> = new Map(
  DETECTORS.map((d) => [d.meta.type, d]),
);
