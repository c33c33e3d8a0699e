import { unreadable } from '../errors.js';
import { DEFAULT_MAX_LINE_LENGTH, tooLong } from '../lines.js';
import { DocumentBuilder } from './document-builder.js';
import type { JsonVisitor } from './visitor.js';

/**
 * Reads a JSON document written by `JSON.stringify(value, null, indent)` line by line: every
 * member or element sits on its own line, containers open and close on their own lines. That is
 * how Chrome writes webrtc-internals dumps, and it lets a dump of any size be read with one
 * `JSON.parse` per line instead of one over the whole text (which V8 caps at 512 Mi chars).
 *
 * A line may also hold a complete inline value (`"a": {"b": 1}`), so lightly re-formatted files
 * still read. Anything else is reported as corrupt, with its line number.
 */
export class PrettyJsonReader {
  readonly #doc: DocumentBuilder;
  #lineNo = 0;
  #started = false;
  /** A value spread over several lines in a non-standard layout, gathered until it parses. */
  #pending:
    | { key: string | number; parts: string[]; length: number; depth: number; fromLine: number }
    | undefined;
  /** Longest such value, in characters: each line is bounded, but their number is not. */
  readonly #maxValueLength: number;
  /**
   * A collected container opened on a line of its own, gathered until the line that closes it at
   * the same indentation and then parsed with one JSON.parse. In Chrome's layout every stats
   * series (`{startTime, endTime, statsType, values}`) is one: six lines the reader would
   * otherwise take apart one by one in JavaScript.
   */
  #gather: Gather | undefined;
  /** Set once a gathered container does not parse as laid out: the layout is not Chrome's. */
  #gatherOff = false;

  constructor(visitor: JsonVisitor, maxValueLength = DEFAULT_MAX_LINE_LENGTH) {
    this.#doc = new DocumentBuilder(visitor);
    this.#maxValueLength = maxValueLength;
  }

  /** Whether `firstLine` starts a document this reader handles (a lone `{` or `[`). */
  static accepts(firstLine: string): boolean {
    const t = firstLine.trim();
    return t === '{' || t === '[';
  }

  line(raw: string): void {
    this.#lineNo++;
    if (this.#gather) {
      this.#gatherLine(raw);
      return;
    }
    if (this.#pending) {
      this.#continuePending(raw);
      return;
    }
    let start = 0;
    while (start < raw.length && isSpace(raw.charCodeAt(start))) start++;
    if (start === raw.length) return;
    let end = raw.length;
    while (end > start && isSpace(raw.charCodeAt(end - 1))) end--;
    if (raw.charCodeAt(end - 1) === 44 /* , */) end--;
    const text = start === 0 && end === raw.length ? raw : raw.slice(start, end);
    const doc = this.#doc;
    if (doc.finished) this.#fail('content follows the end of the JSON document');
    if (!this.#started) {
      this.#started = true;
      if (text !== '{' && text !== '[') this.#fail('the document does not start with { or [');
      doc.open(text === '{' ? 'object' : 'array', undefined);
      return;
    }
    const first = text.charCodeAt(0);
    if (first === 125 /* } */ || first === 93 /* ] */) {
      if (text.length !== 1) this.#fail(`unexpected "${text.slice(0, 20)}"`);
      const error = doc.close(first === 125 ? 'object' : 'array');
      if (error) this.#fail(error);
      return;
    }
    let key: string | number;
    let valueText: string;
    if (doc.current === 'object') {
      const colon = this.#keyEnd(text);
      key = keyOf(text, colon);
      let v = colon + 1;
      while (v < text.length && isSpace(text.charCodeAt(v))) v++;
      valueText = text.slice(v);
    } else {
      key = doc.nextIndex();
      valueText = text;
    }
    if (valueText === '{' || valueText === '[') {
      doc.open(valueText === '{' ? 'object' : 'array', key);
      if (doc.collectingRoot && !this.#gatherOff)
        this.#gather = {
          indent: start,
          close: valueText === '{' ? 125 : 93,
          lines: [valueText],
          length: 1,
          fromLine: this.#lineNo,
        };
    } else if ((valueText.startsWith('{') || valueText.startsWith('[')) && bracketDepth(valueText) > 0) {
      // Hand-formatted JSON: a container opened inline and continued on the next lines.
      const part = raw.slice(raw.indexOf(valueText.charAt(0), start));
      this.#pending = {
        key,
        parts: [part],
        length: part.length,
        depth: bracketDepth(valueText),
        fromLine: this.#lineNo,
      };
    } else doc.member(key, this.#parseValue(valueText));
  }

  #gatherLine(raw: string): void {
    const gather = this.#gather!;
    gather.lines.push(raw);
    gather.length += raw.length + 1;
    if (gather.length > GATHER_LIMIT) {
      this.#replay();
      return;
    }
    let start = 0;
    while (start < raw.length && isSpace(raw.charCodeAt(start))) start++;
    if (start !== gather.indent || raw.charCodeAt(start) !== gather.close) return;
    let end = raw.length;
    while (end > start + 1 && isSpace(raw.charCodeAt(end - 1))) end--;
    if (end > start + 1 && raw.charCodeAt(end - 1) === 44 /* , */) end--;
    if (end !== start + 1) return;
    gather.lines[gather.lines.length - 1] = raw.slice(start, end);
    let value: unknown;
    try {
      value = JSON.parse(gather.lines.join('\n'));
    } catch {
      this.#replay();
      return;
    }
    this.#gather = undefined;
    this.#doc.closeWith(value);
  }

  /**
   * The gathered lines again, through the line-by-line path, which accepts what JSON.parse does not
   * (a raw tab inside a string) and says at which line a document goes wrong. Gathering stops for
   * the rest of the document, so that no line is read more than twice.
   */
  #replay(): void {
    const gather = this.#gather!;
    this.#gather = undefined;
    this.#gatherOff = true;
    this.#lineNo = gather.fromLine;
    const lines = gather.lines;
    for (let i = 1; i < lines.length; i++) this.line(lines[i]!);
  }

  #continuePending(raw: string): void {
    const pending = this.#pending!;
    pending.parts.push(raw);
    pending.length += raw.length + 1;
    if (pending.length > this.#maxValueLength) throw tooLong('value', this.#maxValueLength);
    pending.depth += bracketDepth(raw);
    if (pending.depth > 0) {
      if (pending.parts.length > 100_000)
        this.#fail(`a value starting at line ${pending.fromLine} never closes`);
      return;
    }
    this.#pending = undefined;
    let text = pending.parts.join('\n').trim();
    if (text.endsWith(',')) text = text.slice(0, -1);
    this.#doc.member(pending.key, this.#parseValue(text));
  }

  /** Call at the end of input; throws if the document was cut short. */
  end(): void {
    if (this.#gather) this.#replay();
    if (!this.#started) this.#fail('the document is empty');
    if (this.#pending)
      this.#fail(`the value starting at line ${this.#pending.fromLine} is cut off (truncated file)`);
    if (!this.#doc.finished) {
      throw unreadable(
        `The dump ends early at line ${this.#lineNo}: ${this.#doc.depth} JSON containers are still open (truncated file).`,
        'JSON document',
      );
    }
  }

  /** Index of the `:` after the key that starts `text`. */
  #keyEnd(text: string): number {
    if (text.charCodeAt(0) !== 34) this.#fail('expected a quoted key');
    let q = text.indexOf('"', 1);
    while (q !== -1 && isEscaped(text, q)) q = text.indexOf('"', q + 1);
    if (q === -1) this.#fail('unterminated key');
    let c = q + 1;
    while (c < text.length && isSpace(text.charCodeAt(c))) c++;
    if (text.charCodeAt(c) !== 58 /* : */) this.#fail('expected ":" after a key');
    return c;
  }

  #parseValue(text: string): unknown {
    const last = text.length - 1;
    // Most long lines are plain strings (the `values` series of numbers): skip JSON.parse for them.
    if (text.charCodeAt(0) === 34 && last > 0 && text.charCodeAt(last) === 34 && text.indexOf('\\') === -1) {
      return text.slice(1, last);
    }
    try {
      return JSON.parse(text);
    } catch {
      return this.#fail(`invalid JSON value "${text.slice(0, 40)}${text.length > 40 ? '…' : ''}"`);
    }
  }

  #fail(why: string): never {
    throw unreadable(`The dump is not valid JSON at line ${this.#lineNo}: ${why}.`, 'JSON document');
  }
}

interface Gather {
  /** Leading white space of the line that opened the container: its closing line has the same. */
  indent: number;
  /** `}` or `]`. */
  close: number;
  lines: string[];
  length: number;
  fromLine: number;
}

/**
 * Longest container gathered, in characters: past it, its lines are read one by one as before
 * (a 1000-sample series takes about 20 KB; a connection is never gathered, it is descended into).
 */
const GATHER_LIMIT = 1024 * 1024;

function keyOf(text: string, colon: number): string {
  let q = colon - 1;
  while (text.charCodeAt(q) !== 34) q--;
  const raw = text.slice(0, q + 1);
  return raw.indexOf('\\') === -1 ? raw.slice(1, -1) : (JSON.parse(raw) as string);
}

function isEscaped(text: string, quote: number): boolean {
  let n = 0;
  for (let i = quote - 1; i >= 0 && text.charCodeAt(i) === 92; i--) n++;
  return n % 2 === 1;
}

/** Net count of opening minus closing brackets outside strings. */
function bracketDepth(text: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) depth--;
  }
  return depth;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 10;
}
