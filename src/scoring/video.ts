import type { RtpStream } from '../computed/rtp-streams.js';
import { activeFrom } from '../computed/stream-samples.js';
import { inIdle, TRACK_STATE, type TrackLifecycle } from '../computed/track-lifecycle.js';
import {
  EXPERIENCE,
  VIDEO_BITRATE_HEIGHT,
  VIDEO_FLUID_FPS,
  VIDEO_HEIGHT_QUALITY,
  VIDEO_LOSS_SCALE,
} from './constants.js';

/** Below this bitrate the camera is off or muted: not scored. */
const IDLE_KBPS = 10;

/** Share of full quality for a frame height, interpolated between the anchors. */
export function heightQuality(height: number): number {
  const anchors = VIDEO_HEIGHT_QUALITY;
  if (height <= anchors[0]![0]) return anchors[0]![1];
  // Indexed reads, not destructuring: this runs for every sample of every video stream, and
  // destructuring an array goes through its iterator.
  for (let i = 1; i < anchors.length; i++) {
    const h1 = anchors[i]![0];
    if (height <= h1) {
      const q1 = anchors[i]![1];
      const h0 = anchors[i - 1]![0];
      const q0 = anchors[i - 1]![1];
      return q0 + ((q1 - q0) * (Math.log(height) - Math.log(h0))) / (Math.log(h1) - Math.log(h0));
    }
  }
  return anchors[anchors.length - 1]![1];
}

/**
 * The frame height a bitrate stands for (VIDEO_BITRATE_HEIGHT), log-interpolated between the
 * anchors and held at the ends.
 */
export function heightForBitrate(kbps: number): number {
  const anchors = VIDEO_BITRATE_HEIGHT;
  if (kbps <= anchors[0]![0]) return anchors[0]![1];
  for (let i = 1; i < anchors.length; i++) {
    const k1 = anchors[i]![0];
    if (kbps <= k1) {
      const k0 = anchors[i - 1]![0];
      const h0 = anchors[i - 1]![1];
      const h1 = anchors[i]![1];
      return h0 * (h1 / h0) ** ((Math.log(kbps) - Math.log(k0)) / (Math.log(k1) - Math.log(k0)));
    }
  }
  return anchors[anchors.length - 1]![1];
}

/** Share of full fluidity for a frame rate (logarithmic: the first frames matter most). */
export function fpsQuality(fps: number, fluid: number): number {
  if (fps >= fluid) return 1;
  if (fps <= 0) return 0;
  return Math.log(1 + fps) / Math.log(1 + fluid);
}

/**
 * Per-sample quality of a video stream on the 1–5 scale (callscope model): resolution × fluidity
 * × (1 − share of the interval frozen) × exp(−loss / 15), mapped to 1 + 3.5 × quality so that it
 * shares the E-model's 4.5 ceiling.
 *
 * Screen content has no fluidity term. An encoder sends frames of a screen only when it changes:
 * a still slide is 0–2 fps at full bitrate for its key frames and retransmissions (legacy
 * googFrameRateSent, an integer, reads 0 for most of jitsi/google-legacy-screenshare-msessions).
 * A low rate there says the content did not move, not that the picture stuttered, which is why
 * the lowFrameRate detector leaves screen share out too.
 *
 * Received video that stopped arriving for seconds scores 1 for that time: a stopped or one-way
 * video lowers the score of the side that lost it.
 */
export function videoMosSeries(stream: RtpStream, track?: TrackLifecycle): number[] {
  const s = stream.series;
  const judgesFluidity = stream.contentType !== 'screenshare';
  // Firefox and Safari leave frameHeight out of some streams (Firefox's received and SFU video):
  // their resolution is read from the bitrate, what they do report.
  const fromBitrate = !hasFinite(s.frameHeight) && !!s.bitrateKbps;
  // Received video that stopped arriving for seconds (remoteMediaStopped, an outage) is no picture
  // for the user here: the floor of the scale. What this side stopped sending is its own choice.
  const lost = stream.direction === 'inbound' && track !== undefined && track.idle.length > 0;
  const out: number[] = [];
  for (let i = activeFrom(stream); i < stream.t.length; i++) {
    if (lost && inIdle(track, stream.t[i]!)) {
      out.push(1);
      continue;
    }
    const rate = s.bitrateKbps?.[i];
    if (rate !== undefined && !(rate >= IDLE_KBPS)) continue;
    // Black frames of a disabled track: the camera is off, as below 10 kbps.
    if (track?.states[i] === TRACK_STATE.muted) continue;
    const height = fromBitrate
      ? rate === undefined
        ? undefined
        : heightForBitrate(rate)
      : s.frameHeight?.[i];
    const fps = s.framesPerSecond?.[i];
    if (height === undefined || !Number.isFinite(height) || height <= 0) continue;
    const frozen = Math.min(1, Math.max(0, (s.freezeMsPerSecond?.[i] ?? 0) / 1000));
    const loss = Math.max(0, Number.isFinite(s.lossPercent?.[i]) ? s.lossPercent![i]! : 0);
    const q =
      heightQuality(height) *
      (judgesFluidity && fps !== undefined && Number.isFinite(fps) ? fpsQuality(fps, VIDEO_FLUID_FPS) : 1) *
      (Number.isFinite(frozen) ? 1 - frozen : 1) *
      Math.exp(-loss / VIDEO_LOSS_SCALE);
    out.push(1 + (EXPERIENCE.maxMos - 1) * q);
  }
  return out;
}

function hasFinite(values: ArrayLike<number> | undefined): boolean {
  if (!values) return false;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i]!)) return true;
  return false;
}
