import { readFileSync } from 'node:fs';

/**
 * This process's peak resident set, KiB. On Linux it is VmHWM of /proc/self/status: getrusage's
 * maxRSS (process.resourceUsage().maxRSS) keeps the parent's resident set from the fork the child
 * was spawned by, so a child of a 345 MB process reported 297 MB where it had used 40 MB, and the
 * bench's rows measured the bench itself whenever it was larger than the analysis.
 */
export function peakRssKiB() {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]);
  } catch {
    // Not Linux: getrusage's figure, with the caveat above.
  }
  return process.resourceUsage().maxRSS;
}
