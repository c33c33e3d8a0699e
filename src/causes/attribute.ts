import type { Detector, DetectorMeta } from '../detectors/detector.js';
import { SEVERITY_RANK } from '../detectors/severity.js';
import type { CauseFamily, Observation } from '../model/payload/observation.js';
import { WindowIndex } from './window-index.js';
import { ATTRIBUTION, causeWindows } from './windows.js';

/**
 * The cause layer: each observation that reports a cause (its detector declares a `family`) takes
 * the observations it explains — its detector's `explains` list — when they happen on the same
 * connection, path and media during one of its episodes. An explained observation keeps its
 * measurements, names its cause in `explainedBy` and is reported at most at low, so one cause is
 * one problem and its consequences are its evidence, not problems of their own. A network, device
 * or remote cause is reported at least as severe as the worst of what it explains.
 *
 * A cause can itself be explained by a more fundamental one (media that stopped arriving while
 * the connection was down): the first pass attributes causes to causes, the second the rest.
 */
export function attributeCauses(observations: Observation[], detectors: readonly Detector[]): void {
  const metas = metasOf(detectors);
  // Windows indexed only for the causes that explain something.
  const causes: Candidate[] = [];
  for (const o of observations) {
    if (!o.cause) continue;
    const meta = metas.get(o.type);
    if (meta && (meta.explains?.length ?? 0) + (meta.explainsAcross?.length ?? 0) > 0)
      causes.push({ o, meta, windows: new WindowIndex(causeWindows(o)) });
  }
  if (causes.length === 0) return;
  const byWeight = [...causes].sort(
    (a, b) =>
      SEVERITY_RANK[a.o.severity] - SEVERITY_RANK[b.o.severity] ||
      (a.o.firstSeenAt ?? Number.POSITIVE_INFINITY) - (b.o.firstSeenAt ?? Number.POSITIVE_INFINITY),
  );
  const lookup = causesByConnection(byWeight);
  for (const pass of ['causes', 'symptoms'] as const) {
    for (const o of observations) {
      if (o.explainedBy || Boolean(o.cause) !== (pass === 'causes')) continue;
      const by = lookup(o).find((c) => c.o !== o && !c.o.explainedBy && explains(c, o));
      if (!by) continue;
      o.explainedBy = by.o.type;
      // The cause carries the weight of what it did: a medium loss that froze the video for
      // seconds is reported as high, once, as the cause. Not so what the app did on purpose.
      if (RAISES.has(by.o.cause!.family) && SEVERITY_RANK[o.severity] < SEVERITY_RANK[by.o.severity])
        by.o.severity = o.severity;
      if (SEVERITY_RANK[o.severity] < SEVERITY_RANK.low) o.severity = 'low';
      const symptoms = by.o.cause!.symptoms;
      if (!symptoms.includes(o.type)) symptoms.push(o.type);
    }
  }
}

/** Detector metas by type, memoised per detector list (the registry's, in every analysis). */
const metasByList = new WeakMap<readonly Detector[], Map<string, DetectorMeta>>();
function metasOf(detectors: readonly Detector[]): Map<string, DetectorMeta> {
  let metas = metasByList.get(detectors);
  if (!metas) {
    metas = new Map(detectors.map((d) => [d.meta.type, d.meta]));
    metasByList.set(detectors, metas);
  }
  return metas;
}

/**
 * The causes that may explain an observation, heaviest first: those of its connection and those of
 * none, or all of them for an observation of none (explains() checks the rest). Searched among all
 * the causes for each observation, a dump of many connections with a cause and a symptom each took
 * time in the square of their number (issue 26).
 */
function causesByConnection(byWeight: readonly Candidate[]): (o: Observation) => readonly Candidate[] {
  const byPid = new Map<string, Candidate[]>();
  const anywhere: Candidate[] = [];
  for (const c of byWeight) {
    const pid = c.o.source.pid;
    if (pid === undefined) anywhere.push(c);
    else {
      let list = byPid.get(pid);
      if (!list) {
        list = [];
        byPid.set(pid, list);
      }
      list.push(c);
    }
  }
  const rank = new Map(byWeight.map((c, i) => [c, i]));
  const merged = new Map<string, readonly Candidate[]>();
  return (o) => {
    const pid = o.source.pid;
    if (pid === undefined) return byWeight;
    let list = merged.get(pid);
    if (!list) {
      const own = byPid.get(pid) ?? [];
      list =
        anywhere.length === 0
          ? own
          : own.length === 0
            ? anywhere
            : [...own, ...anywhere].sort((a, b) => rank.get(a)! - rank.get(b)!);
      merged.set(pid, list);
    }
    return list;
  };
}

/** Families whose causes take the severity of their worst symptom. */
const RAISES = new Set<CauseFamily>(['network', 'device', 'remote']);

interface Candidate {
  o: Observation;
  meta: DetectorMeta;
  windows: WindowIndex;
}

/** Whether a cause explains an observation: a type it declares, on its connection, path and media, in time. */
function explains(cause: Candidate, o: Observation): boolean {
  const along = cause.meta.explains?.includes(o.type) ?? false;
  const across = cause.meta.explainsAcross?.includes(o.type) ?? false;
  if (!along && !across) return false;
  const c = cause.o;
  if (c.source.pid !== undefined && o.source.pid !== undefined && c.source.pid !== o.source.pid) return false;
  if (c.direction && o.direction) {
    const same = c.direction === o.direction;
    if (!(same ? along : across)) return false;
  } else if (!along) return false;
  if (c.kind && o.kind && c.kind !== o.kind) return false;
  if (c.trackId && o.trackId && c.trackId !== o.trackId) return false;
  return withinWindows(o, cause.windows);
}

/**
 * Whether the observation happened while the cause was there: most of its episodes' time (or its
 * first sighting, for a finding without episodes) falls in the cause's windows.
 */
function withinWindows(o: Observation, windows: WindowIndex): boolean {
  if (o.episodes?.length) {
    let total = 0;
    let inside = 0;
    for (const e of o.episodes) {
      const length = Math.max(e.end - e.start, 1);
      total += length;
      inside += windows.overlap(e.start, e.end);
      if (e.end === e.start && windows.contains(e.start)) inside += 1;
    }
    return inside >= ATTRIBUTION.coveredShare * total;
  }
  const at = o.firstSeenAt;
  if (at === null) return false;
  return windows.contains(at);
}
