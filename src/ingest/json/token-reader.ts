import { Tokenizer, TokenType } from '@streamparser/json';
import { unreadable } from '../errors.js';
import { DocumentBuilder } from './document-builder.js';
import type { JsonVisitor } from './visitor.js';

/**
 * Reads any JSON document as a stream of tokens, whatever its formatting: the fallback for dumps
 * that are not pretty-printed (re-saved or minified), which may be too large for one JSON.parse.
 * Slower than the line reader, but memory stays bounded by what the visitor collects.
 */
export class TokenJsonReader {
  readonly #doc: DocumentBuilder;
  readonly #tokenizer: Tokenizer;
  #key: string | undefined;
  #expectKey = false;

  constructor(visitor: JsonVisitor) {
    this.#doc = new DocumentBuilder(visitor);
    this.#tokenizer = new Tokenizer({ stringBufferSize: 64 * 1024, numberBufferSize: 0 });
    this.#tokenizer.onToken = ({ token, value }) => this.#token(token, value);
    this.#tokenizer.onError = (error) => {
      throw unreadable(`The dump is not valid JSON: ${error.message}.`, 'JSON document');
    };
  }

  write(chunk: Buffer): void {
    if (this.#doc.finished) {
      if (chunk.toString('utf8').trim() !== '')
        throw unreadable('Content follows the end of the JSON document.');
      return;
    }
    this.#tokenizer.write(chunk);
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
