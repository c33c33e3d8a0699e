import type { JsonVisitor, VisitMode } from './visitor.js';

interface Frame {
  readonly kind: 'object' | 'array';
  readonly mode: VisitMode;
  /** The value under construction when collecting. */
  readonly container: Record<string, unknown> | unknown[] | undefined;
  /** Whether opening this frame pushed a path element. */
  readonly pushed: boolean;
  index: number;
}

/**
 * The structural half of a streaming JSON reader: tracks open containers and the path, asks the
 * visitor how to treat each container, builds collected ones and hands values over. Readers
 * that tokenize (pretty lines, generic tokens) feed it open/close/member calls.
 */
export class DocumentBuilder {
  readonly #visitor: JsonVisitor;
  readonly #stack: Frame[] = [];
  readonly #path: (string | number)[] = [];
  #finished = false;
  #rootValue = false;

  constructor(visitor: JsonVisitor) {
    this.#visitor = visitor;
  }

  get depth(): number {
    return this.#stack.length;
  }

  get finished(): boolean {
    return this.#finished;
  }

  /** Kind of the innermost open container, if any. */
  get current(): 'object' | 'array' | undefined {
    return this.#stack[this.#stack.length - 1]?.kind;
  }

  /**
   * Whether the innermost container is collected whole and its parent is not: the visitor gets its
   * value at its close, so a reader may parse it in one piece and hand it over with closeWith.
   */
  get collectingRoot(): boolean {
    const n = this.#stack.length;
    return n > 0 && this.#stack[n - 1]!.mode === 'collect' && this.#stack[n - 2]?.mode !== 'collect';
  }

  /** Closes the innermost container, a collecting root (see above), with its whole value. */
  closeWith(value: unknown): void {
    const frame = this.#stack.pop()!;
    this.#visitor.value(this.#path, value);
    if (frame.pushed) this.#path.pop();
    if (this.#stack.length === 0) this.#finished = true;
  }

  /** Next element index of the innermost array. */
  nextIndex(): number {
    const frame = this.#stack[this.#stack.length - 1]!;
    return frame.index++;
  }

  open(kind: 'object' | 'array', key: string | number | undefined): void {
    const parent = this.#stack[this.#stack.length - 1];
    let mode: VisitMode;
    let pushed = false;
    if (!parent || parent.mode === 'descend') {
      if (key !== undefined) {
        this.#path.push(key);
        pushed = true;
      }
      mode = this.#visitor.enter(this.#path, kind);
    } else {
      mode = parent.mode;
    }
    const container = mode === 'collect' ? (kind === 'object' ? {} : []) : undefined;
    if (parent?.mode === 'collect' && key !== undefined) assign(parent.container!, key, container);
    this.#stack.push({ kind, mode, container, pushed, index: 0 });
  }

  /** Closes the innermost container; returns an error text when `kind` does not match. */
  close(kind: 'object' | 'array'): string | undefined {
    const frame = this.#stack.pop();
    if (!frame) return 'too many closing brackets';
    if (frame.kind !== kind) return `a ${frame.kind} is closed with ${kind === 'object' ? '}' : ']'}`;
    const parent = this.#stack[this.#stack.length - 1];
    if (frame.mode === 'collect' && parent?.mode !== 'collect') {
      this.#visitor.value(this.#path, frame.container);
    } else if (frame.mode === 'descend') {
      this.#visitor.leave?.(this.#path);
    }
    if (frame.pushed) this.#path.pop();
    if (this.#stack.length === 0) this.#finished = true;
    return undefined;
  }

  /** A complete value: a member of the innermost container, or the whole document if none is open. */
  member(key: string | number | undefined, value: unknown): void {
    const frame = this.#stack[this.#stack.length - 1];
    if (!frame) {
      this.#rootValue = true;
      this.#finished = true;
      this.#visitor.value(this.#path, value);
      return;
    }
    if (frame.mode === 'collect') assign(frame.container!, key!, value);
    else if (frame.mode === 'descend') {
      this.#path.push(key!);
      this.#visitor.value(this.#path, value);
      this.#path.pop();
    }
  }

  /** True when the document was a bare scalar rather than an object or array. */
  get scalarDocument(): boolean {
    return this.#rootValue;
  }
}

function assign(container: Record<string, unknown> | unknown[], key: string | number, value: unknown): void {
  if (Array.isArray(container)) container.push(value);
  else if (key === '__proto__')
    Object.defineProperty(container, key, { value, enumerable: true, writable: true });
  else container[key as string] = value;
}
