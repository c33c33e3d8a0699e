import type { RtpStream } from '../computed/rtp-streams.js';
import { activeFrom } from '../computed/stream-samples.js';
import { EXPERIENCE, VIDEO_FLUID_FPS, VIDEO_HEIGHT_QUALITY, VIDEO_LOSS_SCALE } from './constants.js';

/** Frame rate at which screen content counts as fluid: slides and text need few frames. */
const SCREEN_FLUID_FPS = 5;
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
 */
export function videoMosSeries(stream: RtpStream): number[] {
  const s = stream.series;
  const fluid = stream.contentType === 'screenshare' ? SCREEN_FLUID_FPS : VIDEO_FLUID_FPS;
  const out: number[] = [];
  for (let i = activeFrom(stream); i < stream.t.length; i++) {
    const rate = s.bitrateKbps?.[i];
    if (rate !== undefined && !(rate >= IDLE_KBPS)) continue;
    const height = s.frameHeight?.[i];
    const fps = s.framesPerSecond?.[i];
    if (height === undefined || !Number.isFinite(height) || height <= 0) continue;
    const frozen = Math.min(1, Math.max(0, (s.freezeMsPerSecond?.[i] ?? 0) / 1000));
    const loss = Math.max(0, Number.isFinite(s.lossPercent?.[i]) ? s.lossPercent![i]! : 0);
    const q =
      heightQuality(height) *
      (fps !== undefined && Number.isFinite(fps) ? fpsQuality(fps, fluid) : 1) *
      (Number.isFinite(frozen) ? 1 - frozen : 1) *
      Math.exp(-loss / VIDEO_LOSS_SCALE);
    out.push(1 + (EXPERIENCE.maxMos - 1) * q);
  }
  return out;
}
