/**
 * Why a dump cannot be read. The service maps these to HTTP answers:
 * `unreadable` 415 parsing_issue, `unsupported` 415 other_issue, `too-large` 413 file_too_large,
 * `compression` 400 invalid_request. The CLI exits with 2 for all of them.
 */
export type DumpErrorKind = 'unreadable' | 'unsupported' | 'too-large' | 'compression';

export class DumpError extends Error {
  override readonly name = 'DumpError';
  readonly kind: DumpErrorKind;
  /** What the reader recognized before giving up ("gzip", "webrtc-internals dump", ...), if anything. */
  readonly recognized: string | undefined;

  constructor(kind: DumpErrorKind, message: string, recognized?: string) {
    super(message);
    this.kind = kind;
    this.recognized = recognized;
  }
}

export function isDumpError(error: unknown): error is DumpError {
  return error instanceof DumpError;
}

export const unreadable = (message: string, recognized?: string): DumpError =>
  new DumpError('unreadable', message, recognized);

export const unsupported = (message: string, recognized?: string): DumpError =>
  new DumpError('unsupported', message, recognized);

/**
 * An error that is not a DumpError, met while reading (`read`) or analyzing (`analyze`) a dump, as
 * the DumpError it stands for, or undefined when it is a bug of ours to report as such:
 * - values nested deeper than the stack allows (`[[[[…]]]]` 100 000 levels) cannot be read, and a
 *   string past V8's limit is too large, at either stage;
 * - a TypeError while reading means a value of the wrong type where the format has another (a
 *   number for an event name, an object for a list): a damaged file, 415 rather than 500. The
 *   original error stays as `cause`, for the logs.
 */
export function asDumpError(error: unknown, stage: 'read' | 'analyze'): DumpError | undefined {
  if (error instanceof RangeError) {
    if (/call stack size/i.test(error.message))
      return withCause(unreadable('values are nested too deeply to be read'), error);
    if (/invalid string length/i.test(error.message))
      return withCause(
        new DumpError('too-large', 'a value is longer than the largest string the engine can hold'),
        error,
      );
  }
  if (stage === 'read' && error instanceof TypeError)
    return withCause(unreadable('a value has a type the format does not allow there'), error);
  return undefined;
}

function withCause(dumpError: DumpError, cause: Error): DumpError {
  Object.defineProperty(dumpError, 'cause', { value: cause, enumerable: false });
  return dumpError;
}
