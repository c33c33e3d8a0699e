/** Where a command writes: injectable so commands can be tested without a terminal. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  stderr: NodeJS.WriteStream;
  /** What `analyze -` reads; `isTTY` when nothing is piped in (a terminal would wait for typing). */
  stdin?: AsyncIterable<Uint8Array> & { isTTY?: boolean };
}

export function processIo(): CliIo {
  return {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    stderr: process.stderr,
    stdin: process.stdin,
  };
}
