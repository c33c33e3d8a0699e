/**
 * One entry of a dump's event log, normalized across formats.
 *
 * `type` uses the rtcstats vocabulary (`createOffer`, `onicecandidate`,
 * `oniceconnectionstatechange`, `navigator.mediaDevices.getUserMedia`, ...) whatever the
 * dump called it; `value` is the parsed payload (JSON values decoded, free-text values of old
 * webrtc-internals eras parsed into objects where their meaning is known).
 */
export interface TraceEvent {
  readonly type: string;
  /** Epoch milliseconds; undefined when the dump gives no usable time for this entry. */
  readonly timestamp: number | undefined;
  readonly value: unknown;
  /** Extra record fields: correlation ids, track ids, URLs (rtcstats formats). */
  readonly extra?: readonly unknown[];
}
