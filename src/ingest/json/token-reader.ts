import { Tokenizer, TokenType } from '@streamparser/json';
import { asDumpError, isDumpError, unreadable } from '../errors.js';
import { DEFAULT_MAX_LINE_LENGTH, tooLong } from '../lines.js';
import { DocumentBuilder } from './document-builder.js';
import type { JsonVisitor } from './visitor.js';

/** No number is longer (a double needs at most 24 characters): longer ones are refused. */
const MAX_NUMBER_LENGTH = 64 * 1024;

/**
 * The tokenizer, refusing a number longer than MAX_NUMBER_LENGTH. It reads a number whole each
 * time a write ends inside it (partial tokens), so without the bound 300 MB of digits took 8
 * minutes; without partial tokens it kept one string per digit, and 100 MB of digits took 2.5 GB.
 */
class DumpTokenizer extends Tokenizer {
  /** Set for a number that is too long: the tokenizer swallows what is thrown for an open one. */
  longNumber = false;

  protected override parseNumber(text: string): number {
    if (text.length > MAX_NUMBER_LENGTH) {
      this.longNumber = true;
      throw tooLong('number', MAX_NUMBER_LENGTH);
    }
    return Number(text);
  }
}

/**
 * Reads any JSON document as a stream of tokens, whatever its formatting: the fallback for dumps
 * that are not pretty-printed (re-saved or minified), which may be too large for one JSON.parse.
 * Slower than the line reader, but memory stays bounded by what the visitor collects, and by
 * `maxValueBytes` for the one value being read: the tokenizer gathers a string whole before
 * handing it over, so a gzip of one 1 GB string would otherwise grow until V8's string limit.
 */
export class TokenJsonReader {
  readonly #doc: DocumentBuilder;
  readonly #tokenizer: DumpTokenizer;
  readonly #maxValueBytes: number;
  #key: string | undefined;
  #expectKey = false;
  /** Bytes written to the tokenizer so far. */
  #written = 0;
  /** Where the last token seen starts: anything after it is one value not yet complete. */
  #lastStart = 0;

  constructor(visitor: JsonVisitor, maxValueBytes = DEFAULT_MAX_LINE_LENGTH) {
    this.#doc = new DocumentBuilder(visitor);
    this.#maxValueBytes = maxValueBytes;
    // Partial tokens come at the end of a write that leaves a value open: they fold the pieces of
    // an open number into one string, where the tokenizer would otherwise keep one string per
    // digit until the number ends (its own buffer for numbers is slower on the short ones).
    this.#tokenizer = new DumpTokenizer({
      stringBufferSize: 64 * 1024,
      numberBufferSize: 0,
      emitPartialTokens: true,
    });
    this.#tokenizer.onToken = ({ token, value, offset, partial }) => {
      this.#lastStart = offset;
      if (!partial) this.#token(token, value);
    };
    this.#tokenizer.onError = (error) => {
      // The tokenizer reports what its callbacks throw through here too: our own refusals and the
      // engine's limits (nesting, string length) keep their meaning; the rest is the tokenizer's
      // verdict on the text.
      if (isDumpError(error)) throw error;
      const limit = error instanceof RangeError ? asDumpError(error, 'read') : undefined;
      throw limit ?? unreadable(`The dump is not valid JSON: ${error.message}.`, 'JSON document');
    };
  }

  write(chunk: Buffer): void {
    if (this.#doc.finished) {
      if (chunk.toString('utf8').trim() !== '')
        throw unreadable('Content follows the end of the JSON document.');
      return;
    }
    this.#written += chunk.length;
    this.#tokenizer.write(chunk);
    // Measured from the last token's start rather than from the open value's partial token: no
    // partial token comes when a write ends inside an escape or a split character.
    if (this.#written - this.#lastStart > this.#maxValueBytes) throw tooLong('value', this.#maxValueBytes);
    if (this.#tokenizer.longNumber) throw tooLong('number', MAX_NUMBER_LENGTH);
  }

  end(): void {
    if (!this.#doc.finished) {
      throw unreadable(
        'The dump ends early: the JSON document is incomplete (truncated file).',
        'JSON document',
      );
    }
  }

  #token(token: TokenType, value: unknown): void {
    const doc = this.#doc;
    switch (token) {
      case TokenType.LEFT_BRACE:
      case TokenType.LEFT_BRACKET:
        doc.open(token === TokenType.LEFT_BRACE ? 'object' : 'array', this.#memberKey());
        this.#expectKey = token === TokenType.LEFT_BRACE;
        return;
      case TokenType.RIGHT_BRACE:
      case TokenType.RIGHT_BRACKET: {
        const error = doc.close(token === TokenType.RIGHT_BRACE ? 'object' : 'array');
        if (error) throw unreadable(`The dump is not valid JSON: ${error}.`, 'JSON document');
        this.#expectKey = false;
        return;
      }
      case TokenType.COLON:
        return;
      case TokenType.COMMA:
        this.#expectKey = doc.current === 'object';
        return;
      case TokenType.STRING:
        if (this.#expectKey) {
          this.#key = value as string;
          this.#expectKey = false;
          return;
        }
        doc.member(this.#memberKey(), value);
        return;
      case TokenType.NUMBER:
      case TokenType.TRUE:
      case TokenType.FALSE:
      case TokenType.NULL:
        doc.member(this.#memberKey(), value);
        return;
      default:
        return;
    }
  }

  #memberKey(): string | number | undefined {
    const kind = this.#doc.current;
    if (kind === 'array') return this.#doc.nextIndex();
    if (kind === 'object') {
      const key = this.#key;
      this.#key = undefined;
      return key;
    }
    return undefined;
  }
}
