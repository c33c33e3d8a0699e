import { DumpError } from '../errors.js';

/** Carried samples every dump may have, whatever its size: an idle connection of 40 reports polled each second for 35 hours. */
export const CARRY_FLOOR = 5_000_000;
/**
 * Carried samples allowed per character read, where that allows more than the floor. Real dumps
 * stay near 0.01 samples per character, carried and written together (measured on every rtcstats
 * and jitsi fixture): five times that leaves room, and keeps memory in proportion to the file.
 */
export const CARRY_PER_CHAR = 0.05;

/**
 * Delta-compressed getStats (rtcstats file format 3, and the rtcstats client before it) leave out
 * of a poll the reports that did not change, and the poll still gives each of them a sample. So a
 * few characters of poll can stand for thousands of samples: one poll of 8 000 reports and then
 * 8 000 empty ones, 0.9 MB, carried 64 million samples (24 s and 3.5 GB of memory), and the work
 * grows with the square of such a file. Like the cap on what gzip inflates to, this caps what
 * carrying expands to; samples the file writes are bounded by its size already.
 */
export class CarryBudget {
  #chars = 0;
  #carried = 0;

  constructor(private readonly recognized: string) {}

  /** A line of the dump was read. */
  read(chars: number): void {
    this.#chars += chars;
  }

  /** `samples` more reports were carried into a poll unchanged. */
  carry(samples: number): void {
    this.#carried += samples;
    if (this.#carried <= CARRY_FLOOR || this.#carried <= CARRY_PER_CHAR * this.#chars) return;
    throw new DumpError(
      'too-large',
      `This ${this.recognized} expands to more stats samples than this server reads from a dump of its ` +
        `size: its polls leave out, as unchanged, reports that each poll still counts, and its first ` +
        `${(this.#chars / 1e6).toFixed(1)} MB already carry ${this.#carried.toLocaleString('en-US')} samples ` +
        `(the limit is ${CARRY_FLOOR.toLocaleString('en-US')} samples, or ${CARRY_PER_CHAR} per character read when that is more).`,
      this.recognized,
    );
  }
}
