/**
 * Progress on stderr: a redrawn bar on a terminal, one line per finished item otherwise (so logs
 * of CI jobs stay readable).
 */
export class Progress {
  readonly #stream: NodeJS.WriteStream;
  readonly #tty: boolean;
  readonly #totalBytes: number;
  readonly #totalItems: number;
  #doneBytes = 0;
  #doneItems = 0;
  #current = '';
  #lastDraw = 0;

  constructor(stream: NodeJS.WriteStream, totalItems: number, totalBytes: number) {
    this.#stream = stream;
    this.#tty = stream.isTTY === true;
    this.#totalItems = totalItems;
    this.#totalBytes = Math.max(1, totalBytes);
  }

  start(label: string): void {
    this.#current = label;
    this.#draw(true);
  }

  /** Bytes of the current item read so far. */
  bytes(currentItemBytes: number): void {
    this.#draw(false, currentItemBytes);
  }

  finish(label: string, itemBytes: number, status: string): void {
    this.#doneBytes += itemBytes;
    this.#doneItems++;
    if (this.#tty) this.#draw(true);
    else this.#stream.write(`[${this.#doneItems}/${this.#totalItems}] ${label}: ${status}\n`);
  }

  end(): void {
    if (this.#tty) this.#stream.write('\r\x1b[2K');
  }

  #draw(force: boolean, partial = 0): void {
    if (!this.#tty) return;
    const now = Date.now();
    if (!force && now - this.#lastDraw < 100) return;
    this.#lastDraw = now;
    const share = Math.min(1, (this.#doneBytes + partial) / this.#totalBytes);
    const width = 24;
    const filled = Math.round(share * width);
    const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
    const label = this.#current.length > 40 ? `…${this.#current.slice(-39)}` : this.#current;
    this.#stream.write(
      `\r\x1b[2K[${bar}] ${Math.round(share * 100)}% ${this.#doneItems}/${this.#totalItems} ${label}`,
    );
  }
}
