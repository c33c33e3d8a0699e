/**
 * Every constant of callscope's scores, with its source. docs/scoring.md explains how they are
 * combined; a test checks that the document lists these values.
 */

/** ITU-T G.107 E-model defaults. */
export const E_MODEL = {
  /** Ro − Is with every default parameter (G.107 Table 3): the best R of narrowband telephony. */
  baseR: 93.2,
  /** Delay impairment, simplified form of G.107 (Cole & Rosenbluth 2001): Id = a·d + b·(d − c)·H(d − c). */
  delayA: 0.024,
  delayB: 0.11,
  delayKneeMs: 177.3,
  /** Random loss (G.107 BurstR = 1). */
  burstRatio: 1,
  /** Packetization and codec lookahead added to network and jitter-buffer delay, ms (20 ms frames + ~10 ms). */
  codecDelayMs: 30,
} as const;

/**
 * Equipment impairment Ie and loss robustness Bpl per codec. Opus is not in ITU-T G.113; its Ie
 * follows the bitrate (peermetrics eMOS: Ie = 55 − 4.6·ln(bitrate in bit/s), clamped 0..30) and its
 * Bpl is 20 with in-band FEC, 10 without (peermetrics). G.711 with packet loss concealment:
 * Ie 0, Bpl 25.1 (ITU-T G.113 Appendix I).
 */
export const CODECS = {
  opus: { ie: 'bitrate', bplFec: 20, bpl: 10 },
  pcmu: { ie: 0, bpl: 25.1 },
  pcma: { ie: 0, bpl: 25.1 },
  g722: { ie: 0, bpl: 20 },
  default: { ie: 10, bpl: 15 },
} as const;

export const OPUS_IE = { a: 55, b: 4.6, min: 0, max: 30 } as const;

/** Video quality anchors (callscope model): share of full quality by frame height. */
export const VIDEO_HEIGHT_QUALITY: readonly (readonly [number, number])[] = [
  [120, 0.4],
  [180, 0.55],
  [240, 0.65],
  [360, 0.8],
  [480, 0.88],
  [540, 0.92],
  [720, 1],
];

/**
 * The frame height a video bitrate stands for, when the stats give no frame height (Firefox's
 * received and SFU streams, Safari's sent ones): libwebrtc's target bitrate of each resolution
 * (kSimulcastFormats in video/config/simulcast.cc: 320x180 150 kbit/s, 480x270 350, 640x360 500,
 * 960x540 1200, 1280x720 2500), log-interpolated. A stream at a resolution's target bitrate scores
 * as that resolution would.
 */
export const VIDEO_BITRATE_HEIGHT: readonly (readonly [number, number])[] = [
  [150, 180],
  [350, 270],
  [500, 360],
  [1200, 540],
  [2500, 720],
];

/** Frame rate at and above which motion counts as fully fluid. */
export const VIDEO_FLUID_FPS = 24;

/** Video packet loss impairment: quality × exp(−loss% / scale). */
export const VIDEO_LOSS_SCALE = 15;

/** Connectivity score: starts at 5, loses these (floor 1). */
export const CONNECTIVITY_PENALTIES = {
  neverConnected: 4,
  lostNotRecovered: 2,
  lostRecovered: 1,
  perDisconnection: 0.5,
  maxDisconnections: 1.5,
  perIceRestart: 0.25,
  maxIceRestarts: 0.75,
  setup: [
    [10_000, 1],
    [5_000, 0.5],
    [2_000, 0.25],
  ],
  rtt: [
    [800, 1.5],
    [300, 0.75],
    [150, 0.25],
  ],
  relay: { udp: 0.25, tcp: 0.75, tls: 1 },
  directTcp: 0.5,
  perOtherFailedConnection: 0.5,
  maxOtherFailedConnections: 1,
} as const;

/** observationsScore = 40 − Σ penalties, never below 0; a type is charged at most twice. */
export const OBSERVATION_PENALTIES = { critical: 10, high: 5, medium: 2, low: 1, info: 0 } as const;
export const OBSERVATIONS_MAX = 40;
export const PENALTIES_PER_TYPE = 2;

/** experienceScore weights. */
export const EXPERIENCE = {
  /** Media quality combines audio and video like this when both exist. */
  audioWeight: 0.5,
  videoWeight: 0.5,
  /** The best MOS the E-model can give (R = 100). */
  maxMos: 4.5,
  /** Connectivity scales quality between these factors (score 1 → min, 5 → 1). */
  connectivityMin: 0.7,
  /** Observations scale quality between these factors (score 0 → min, 40 → 1). */
  observationsMin: 0.6,
} as const;
