/**
 * Observation types (the observationFlags filter) as bits on the session row, as tags are (see
 * tag-mask.ts): an index-only scan of a few small columns instead of probing session_flags once
 * per row. 100 000 sessions on SQLite, counting sessions with iceFailure: 106 ms before.
 *
 * Each type has a slot for good: slot i is bit (i % 30) of column obs_flags_(i / 30), 30 bits so
 * that every mask is a positive 32-bit integer in both databases and in JavaScript bit operations.
 * Stored data depends on these positions: never reorder or remove a name, only append new types
 * (a test fails when a detector's type has no slot). Types without a slot, stored by another
 * version, are still found through session_flags.
 */
export const FLAG_TYPES: readonly string[] = [
  'addIceCandidateFailure',
  'aecDisabled',
  'audioConcealment',
  'audioInterruptions',
  'bandwidthLimitation',
  'bluetoothDevice',
  'callEndedDuringSetup',
  'cannotReachStun',
  'cannotReachTurn',
  'connectionChurn',
  'connectionLost',
  'constantMicrophoneVolume',
  'cpuLimitation',
  'cpuPressure',
  'createDescriptionFailure',
  'dataChannelFailure',
  'delaysSendingMedia',
  'directTcp',
  'dtlsFailure',
  'duplicatedLinesInLocalSdp',
  'duplicatedLinesInRemoteSdp',
  'framesDropped',
  'frequentPathSwitches',
  'getUserMediaNotAllowed',
  'getUserMediaNotFound',
  'getUserMediaNotReadable',
  'getUserMediaOtherError',
  'getUserMediaOverconstrained',
  'highDecodeTime',
  'highEncodeTime',
  'highFreezeDuration',
  'highIncomingRoundTripTime',
  'highNegativePacketsLost',
  'highOutgoingRoundTripTime',
  'highRetransmissions',
  'highSignalingTime',
  'highStunDelay',
  'highTurnDelay',
  'iceFailure',
  'iceRestart',
  'iceTransportPolicyRelay',
  'iceWarmup',
  'incompleteLog',
  'legacyStats',
  'longMute',
  'lowBandwidthEstimate',
  'lowEndDevice',
  'lowFrameRate',
  'mungedLocalSdp',
  'mungedReorderedLinesInLocalSdp',
  'nackStorm',
  'networkAudioLossIn',
  'networkAudioLossOut',
  'networkMediaJitterIn',
  'networkMediaJitterOut',
  'networkVideoLossIn',
  'networkVideoLossOut',
  'noStatistics',
  'nullVideoDecoder',
  'oneWayMedia',
  'otherLimitation',
  'pliStorm',
  'privateTurnAddress',
  'publicDiscoveredAddress',
  'relayOverTcp',
  'relayOverTls',
  'relayOverUdp',
  'resolutionDrop',
  'screenShare',
  'setDescriptionFailure',
  'shortLivedTrack',
  'silentMicrophone',
  'slowDtlsEstablishment',
  'slowIceConnection',
  'softwareVideoCodec',
  'speakerDelay',
  'statsTruncated',
  'turnAuthenticationError',
  'turnClientError',
  'turnNoConfig',
  'unfinishedNegotiation',
  'unusedStream',
  'usbDevice',
  'useVpn',
  'videoPaused',
  'weakCertificateFingerprint',
  'weakDtlsVersion',
  'weakSrtpCipher',
  // Causes on the network path (added after the types above: bits never move).
  'networkLossIn',
  'networkLossOut',
  'networkCongestionIn',
  'networkCongestionOut',
  'networkReorderingIn',
  'networkReorderingOut',
  'connectionInterrupted',
  // What the app and the other side did to tracks.
  'encodingLimited',
  'remoteMediaStopped',
  'remoteTrackMuted',
  'renegotiation',
  'trackMuted',
  'trackRemoved',
  'trackReplaced',
  'trackStopped',
];

/** Bits per column, and the columns: room for 120 types. */
export const FLAG_BITS_PER_COLUMN = 30;
export const FLAG_COLUMNS = ['obs_flags_0', 'obs_flags_1', 'obs_flags_2', 'obs_flags_3'] as const;
export type FlagColumn = (typeof FLAG_COLUMNS)[number];

/** Where each type's bit is: column index and bit value (slot i: column i / 30, bit i % 30). */
export const FLAG_BITS: ReadonlyMap<string, { column: number; bit: number }> = new Map(
  FLAG_TYPES.map((type, slot) => [
    type,
    { column: Math.floor(slot / FLAG_BITS_PER_COLUMN), bit: 1 << (slot % FLAG_BITS_PER_COLUMN) },
  ]),
);

/** The masks of `types`, one per column, and the types that have no slot. */
export function flagMasks(types: readonly string[]): { masks: number[]; unknown: string[] } {
  const masks = FLAG_COLUMNS.map(() => 0);
  const unknown: string[] = [];
  for (const type of types) {
    const at = FLAG_BITS.get(type);
    if (at) masks[at.column]! |= at.bit;
    else if (!unknown.includes(type)) unknown.push(type);
  }
  return { masks, unknown };
}

/** The flag columns of a session with these observation types. */
export function flagColumns(types: readonly string[]): Record<FlagColumn, number> {
  const { masks } = flagMasks(types);
  return Object.fromEntries(FLAG_COLUMNS.map((c, i) => [c, masks[i]!])) as Record<FlagColumn, number>;
}
