/**
 * Cumulative RTP counters that start over. A stream's counters go back to zero when the browser
 * recreates it behind the same stats id (a new SSRC on a report that keeps its id, a sender whose
 * encoder was rebuilt): read as they are, the interval of the reset is a negative delta (lost to
 * every rate) and the last value counts only what came after the reset. Continuing across it makes
 * the totals count the whole stream and the rates go on through the reset.
 */

/**
 * A fall of the packet counter smaller than this share of its value is a wobble (a report read
 * before the one before it), not a reset: Firefox's and Safari's counters step back by a few
 * packets now and then, and continuing over such a step would add the whole count again.
 */
const WOBBLE_SHARE = 0.01;

/**
 * The samples at which a stream's counters started over: the packet counter fell by more than a
 * wobble, or the SSRC the report describes changed. Empty when nothing was reset (the usual case:
 * the caller then uses the counters as they are).
 */
export function resetPoints(
  packets: ArrayLike<number> | undefined,
  ssrcs: ArrayLike<unknown> | undefined,
): number[] {
  const out: number[] = [];
  const n = Math.max(packets?.length ?? 0, ssrcs?.length ?? 0);
  let top = Number.NaN;
  let ssrc: unknown;
  for (let i = 0; i < n; i++) {
    const s = ssrcs?.[i];
    const v = packets?.[i] ?? Number.NaN;
    const newSsrc = s !== undefined && s !== null && ssrc !== undefined && String(s) !== String(ssrc);
    if (s !== undefined && s !== null) ssrc = s;
    const fell = Number.isFinite(v) && Number.isFinite(top) && v < top - Math.max(1, WOBBLE_SHARE * top);
    if (newSsrc || fell) {
      out.push(i);
      top = v;
    } else if (Number.isFinite(v)) top = Number.isFinite(top) ? Math.max(top, v) : v;
  }
  return out;
}

/**
 * The counter continued across `resets`: at each reset, the value the counter had reached before it
 * is carried into every later sample. Without resets the counter comes back unchanged.
 */
export function continued(counter: ArrayLike<number>, resets: readonly number[]): ArrayLike<number> {
  if (resets.length === 0) return counter;
  const out = new Float64Array(counter.length);
  let carried = 0;
  let reached = Number.NaN;
  let next = 0;
  for (let i = 0; i < counter.length; i++) {
    const v = counter[i]!;
    if (next < resets.length && resets[next] === i) {
      if (Number.isFinite(reached)) carried += reached;
      reached = Number.NaN;
      next++;
    }
    out[i] = v + carried;
    if (Number.isFinite(v)) reached = Number.isFinite(reached) ? Math.max(reached, v) : v;
  }
  return out;
}

/**
 * Nothing received for this long is a paused stream, not gaps between a slow stream's packets (a
 * still screen at 1 fps leaves single polls empty): project choice, far below the 28-30 s pauses of
 * the jitsi dumps that showed the jumps.
 */
const MIN_PAUSE_MS = 2_000;

/**
 * packetsLost without the jumps of streams that resume. A receiver counts as lost the sequence
 * numbers it skipped, so when a paused stream comes back (the sender stopped sending, an SFU
 * switched layers) its counter can jump by hundreds while only a few packets arrive: the jump has no
 * matching packets received, and it is not loss when the path carried other traffic through the
 * pause (`pathUp`; an outage stops that traffic too, and its loss stays). google-legacy-stats-p2p: a
 * video stream paused for 30 s came back with 211 "lost" for 12 received, read as 18 % loss.
 */
export function withoutResumeJumps(
  lost: ArrayLike<number>,
  received: ArrayLike<number>,
  t: ArrayLike<number>,
  pathUp: (from: number, to: number) => boolean,
): ArrayLike<number> {
  let out: Float64Array | undefined;
  let removed = 0;
  /** The last sample at which packets had arrived. */
  let flowing = -1;
  for (let i = 0; i < received.length; i++) {
    const r = received[i]!;
    if (Number.isFinite(r) && flowing >= 0 && r > received[flowing]!) {
      const paused =
        i - flowing > 1 && received[i - 1] === received[flowing] && t[i - 1]! - t[flowing]! >= MIN_PAUSE_MS;
      const jump = lost[i]! - lost[flowing]!;
      if (paused && jump > r - received[flowing]! && pathUp(t[flowing]!, t[i - 1]!)) {
        out ??= Float64Array.from(lost);
        removed += jump;
      }
    }
    if (Number.isFinite(r) && (flowing < 0 || r > received[flowing]!)) flowing = i;
    if (out) out[i] = lost[i]! - removed;
  }
  return out ?? lost;
}
