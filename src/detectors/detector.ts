import type { Direction, MediaKind } from '../computed/rtp-stream-types.js';
import type { SessionView } from '../computed/session-view.js';
import type { CauseFamily, Side } from '../model/observation-terms.js';
import type { Category, Episode, Observation, Severity, Tag } from '../model/payload/observation.js';

/** A limit a detector applies, with where the number comes from. */
export interface Threshold {
  name: string;
  value: number | string | boolean;
  unit?: string;
  /** A standard, a browser's own behaviour, or the open projects that use it (see docs/observations). */
  source: string;
}

/** What a detector is, for people and for generated docs, the catalog and the MCP tool text. */
export interface DetectorMeta {
  /** camelCase observation type; the file is its kebab-case form. */
  type: string;
  title: string;
  /** Every severity the detector can emit. */
  severities: readonly Severity[];
  tags: readonly Tag[];
  category: Category;
  /** What is detected and why it matters (Markdown). */
  description: string;
  /** What to do about it (Markdown). */
  remedy: string;
  thresholds: readonly Threshold[];
  /** Related observation types. */
  related?: readonly string[];
  /**
   * Set when the detector reports causes (see src/causes): what kind of cause. Its observations then
   * carry `cause`, and the symptoms it explains are attributed to it.
   */
  family?: CauseFamily;
  /**
   * Observation types this cause can explain: consequences (NACKs after loss, freezes, a bandwidth
   * ramp after a renegotiation) and the narrower measurements of the same cause (audio loss and
   * video loss under path loss). One found on the same connection, path or track during one of the
   * cause's episodes is attributed to it and reported at most at low.
   */
  explains?: readonly string[];
  /**
   * Types this cause explains on the other direction of the same connection: what happens to the
   * feedback that crosses it (loss or delay of the receiver's reports makes the sender back off).
   */
  explainsAcross?: readonly string[];
  /**
   * `cause` detectors run after the others and read their observations (a cause that aggregates
   * measurements, such as the loss of a whole path).
   */
  stage?: 'cause';
}

/** What a `cause`-stage detector reads besides the session. */
export interface DetectorContext {
  /** The observations of the detectors that ran before it. */
  observations: readonly Observation[];
}

/** One detection, before the runner adds type, category and tags from the meta. */
export interface Finding {
  severity: Severity;
  source?: {
    pid?: string;
    sid?: string;
    cpid?: string;
    did?: string;
    rid?: string;
    timestamp?: number;
    ssrcId?: number;
    labelId?: string;
  };
  firstSeenAt?: number;
  /** The measurements behind the verdict. */
  indicators?: Record<string, number | string | boolean | null>;
  /** One sentence for people, built from the numbers. */
  meaning: string;
  url?: string;
  property?: string;
  valueInCount?: number;
  valueInPercent?: number;
  averageInMs?: number;
  maxInMs?: number;
  durationInMs?: number;
  durationInSeconds?: number;
  durationInPercent?: number;
  /** Where the cause lies, which direction and media, which track (the story of the call). */
  side?: Side;
  direction?: Direction;
  kind?: MediaKind;
  trackId?: string;
  /**
   * Sustained stretches of a time-based finding, in time order. `firstSeenAt` defaults to the onset
   * of the first one.
   */
  episodes?: Episode[];
}

export interface Detector {
  meta: DetectorMeta;
  /** Whether the session holds what the detector needs; false means "not applicable". */
  applies(session: SessionView): boolean;
  run(session: SessionView, context: DetectorContext): Finding[];
}

export const defineDetector = (detector: Detector): Detector => detector;
