/**
 * The one analysis task of the worker threads, and its outcome, shared by the service (analyze,
 * upload, enrich, re-analysis) and `callscope analyze`. Types only: the CLI's start loads nothing
 * more for them.
 */
import type { MessagePort } from 'node:worker_threads';
import type { DumpErrorKind } from '../ingest/errors.js';
import type { EnrichData } from '../model/api/resources.js';
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import type { SessionAbstract, SessionInsight } from '../storage/records.js';

/** Stored-session fields written into the payload (the service's; nulls for an unsaved analysis). */
export interface PayloadIdentity {
  id: string;
  created_at: string | null;
  uploaded_by: string | null;
  uploaded_by_email: string | null;
}

export interface AnalysisTask {
  /**
   * The dump: a file, the pieces of a body held in memory (transferred, not copied), or a port
   * carrying its bytes (the CLI's standard input, see port-stream.ts).
   */
  path?: string;
  chunks?: Uint8Array[];
  port?: MessagePort;
  fileName?: string;
  /** Unset: the reader's own limit. */
  maxDecompressedBytes?: number;
  /** Points per chart series (unset: the analysis's default). */
  seriesPoints?: number;
  /** Bytes read so far are posted here as they are read (the CLI's progress). */
  progress?: MessagePort;
  /**
   * What the payload comes back as. `object`: the payload itself (the CLI formats and writes it).
   * `json`: serialized once, here, with what a stored session indexes, so that the event loop of
   * the service only moves text and bytes.
   */
  form: 'object' | 'json';
  /** The payload will be stored: compress it here too (work an unsaved analysis should not pay for). */
  store?: boolean;
  identity?: PayloadIdentity;
}

/** What a stored session keeps of its payload besides the payload (its row's columns). */
export interface PayloadFacts {
  title: string;
  callStart: number | null;
  callEnd: number | null;
  abstract: SessionAbstract;
  insight: SessionInsight;
  enrich: EnrichData;
}

/** The payload of an analysis, in the form the task asked for. */
export type PayloadParts =
  | { form: 'object'; processorVersion: string; data: AnalyzeResponseData }
  | {
      form: 'json';
      processorVersion: string;
      /**
       * The payload's JSON, serialized once, here: the edge puts it in its reply as it is (edge/
       * replies.ts), the service stores it compressed, and nothing parses it back.
       */
      json: string;
      /** The payload gzip-compressed for storage (null unless `store`). */
      gzip: Uint8Array | null;
      facts: PayloadFacts;
    };

/**
 * Why there is no payload: the dump's own problem (DumpErrorKind), a file that cannot be opened
 * (`unopenable`, the message says why in words), or a failure of ours (`internal`).
 */
export type ProblemKind = DumpErrorKind | 'unopenable' | 'internal';

export interface AnalysisProblem {
  kind: ProblemKind;
  message: string;
  /** An internal failure's stack, for the CLI's report and the logs. */
  stack?: string;
}

/** Every outcome says how long its worker took (ms), for the worker-seconds metric and the CLI. */
export type Outcome<P extends PayloadParts = PayloadParts> = (
  | { ok: true; parts: P }
  | { ok: false; problem: AnalysisProblem }
) & { workMs: number };

/** The parts a task of form F comes back with. */
export type PartsOf<F extends AnalysisTask['form']> = Extract<PayloadParts, { form: F }>;
