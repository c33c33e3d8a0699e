/** Container formats callscope reads. Detected from content, never from a file name. */
export type DumpFormat =
  /** chrome://webrtc-internals "Create dump" export (any era, M83+). */
  | 'webrtc-internals'
  /** Chromium's own rtcstats export from webrtc-internals (`RTCStatsDump`, uncompressed methods). */
  | 'chrome-rtcstats'
  /** rtcstats file format 3 as written by rtcstats-js / rtcstats-server (compressed). */
  | 'rtcstats'
  /** rtcstats file formats 1-2 (NDJSON with a metadata object first) and the whole-file JSON of v0. */
  | 'rtcstats-legacy'
  /** jitsi rtcstats-server NDJSON (`connectionInfo` first line, absolute timestamps). */
  | 'jitsi-rtcstats';

/** Which vocabulary a webrtc-internals updateLog was written in. */
export type UpdateLogEra =
  /** <= ~M104: camelCase names, locale time strings, free-text values. */
  | 'legacy'
  /** ~M105-M141: DOM event names, locale time strings. */
  | 'dom'
  /** M142+: rtcstats `on*` names, JSON values, numeric timestamps. */
  | 'rtcstats';

export interface FormatInfo {
  readonly format: DumpFormat;
  /** rtcstats `fileFormat` from the metadata line, when present. */
  readonly fileFormat?: number;
  /** Client protocol announced by the dump (`rtcstats#5.0`, `3.1_STANDARD`, ...). */
  readonly clientProtocol?: string;
  /** jitsi `statsFormat` (`chrome_standard`, `firefox`, `safari`, ...). */
  readonly statsFormat?: string;
  /** True when the input bytes were gzip-compressed. */
  readonly gzip: boolean;
}
