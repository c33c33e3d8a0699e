/** A CliIo that keeps what a command prints (stderr as a non-TTY: progress prints one line per file), for tests that call command functions directly. */
import type { CliIo } from '../../src/cli/io.js';

export function captureIo(): CliIo & { stdout: string; stderrText: string } {
  const io = {
    stdout: '',
    stderrText: '',
    out(text: string) {
      io.stdout += `${text}\n`;
    },
    err(text: string) {
      io.stderrText += `${text}\n`;
    },
    stderr: {
      isTTY: false,
      write: (chunk: string) => {
        io.stderrText += chunk;
        return true;
      },
    } as unknown as NodeJS.WriteStream,
  };
  return io;
}
