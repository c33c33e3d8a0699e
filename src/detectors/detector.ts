import type { SessionView } from '../computed/session-view.js';
import type { Category, Severity, Tag } from '../model/payload/observation.js';

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
}

export interface Detector {
  meta: DetectorMeta;
  /** Whether the session holds what the detector needs; false means "not applicable". */
  applies(session: SessionView): boolean;
  run(session: SessionView): Finding[];
}

export const defineDetector = (detector: Detector): Detector => detector;
