import { readFileSync } from 'node:fs';
import { fixture } from './fixtures.js';

/** The real dump longJitsiDump repeats: the largest jitsi fixture, three connections. */
export const LONG_JITSI_SOURCE = fixture('jitsi', 'google-legacy-stats-multiple-pc');

/**
 * A jitsi dump of about `bytes` bytes: the multi-connection fixture, then its getstats lines again
 * and again, each round ten minutes later with larger byte and packet counters, as a longer call
 * of the same connections would record them. Each connection's first poll lists every report in
 * full and later ones only what changed, so rounds repeat the later ones. For tests of what a
 * large dump costs.
 */
export function longJitsiDump(bytes: number): Buffer {
  return Buffer.from(`${[...longJitsiLines(bytes)].join('\n')}\n`);
}

/** The lines of longJitsiDump(bytes), one at a time: a dump beyond V8's string limit can be written. */
export function* longJitsiLines(bytes: number): Generator<string> {
  const lines = readFileSync(LONG_JITSI_SOURCE, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const polled = new Set<string>();
  const polls = lines.filter((line) => {
    if (!line.startsWith('["getstats"')) return false;
    const pc = (JSON.parse(line) as unknown[])[1] as string;
    if (polled.has(pc)) return true;
    polled.add(pc);
    return false;
  });
  yield* lines;
  let size = lines.reduce((n, line) => n + line.length + 1, 0);
  for (let round = 1; size < bytes; round++) {
    for (const line of polls) {
      const record = JSON.parse(line) as [string, string, Record<string, unknown>, number];
      record[3] += round * ROUND_MS;
      // The poll's own time (which reports of `timestamp: 0` take) and reports' own times move
      // too: the stats are timed by them, not by the line, and left alone every round replayed
      // the same 90 s (the 100 MB dump's stream times stepped back 114 times).
      const poll = record[2];
      if (typeof poll.timestamp === 'number') poll.timestamp += round * ROUND_MS;
      for (const report of Object.values(poll)) {
        if (report === null || typeof report !== 'object') continue;
        const r = report as Record<string, unknown>;
        if (typeof r.timestamp === 'number' && r.timestamp !== 0) r.timestamp += round * ROUND_MS;
        for (const [key, value] of Object.entries(r)) {
          if (/bytes|packets/i.test(key) && typeof value === 'string' && /^\d+$/.test(value))
            r[key] = String(Number(value) + round * 1000);
        }
      }
      const text = JSON.stringify(record);
      yield text;
      size += text.length + 1;
      if (size >= bytes) break;
    }
  }
}

const ROUND_MS = 600_000;

/**
 * longJitsiDump(bytes) with the reports of every poll under ids of their own (`<id>-<line>`): a
 * call whose stats ids never repeat, the most state an analysis keeps per byte of a jitsi dump. For
 * tests that need a dump too large for a small heap: a plain long call no longer is (since its
 * series are kept in typed columns, 250 MB of it fit in a 64 MiB heap).
 */
export function manyReportsJitsiDump(bytes: number): Buffer {
  const out: string[] = [];
  let n = 0;
  for (const line of longJitsiLines(bytes)) {
    n++;
    if (!line.startsWith('["getstats"')) {
      out.push(line);
      continue;
    }
    const record = JSON.parse(line) as [string, string, Record<string, unknown>, number];
    const renamed: Record<string, unknown> = {};
    for (const [id, report] of Object.entries(record[2])) renamed[`${id}-${n}`] = report;
    record[2] = renamed;
    out.push(JSON.stringify(record));
  }
  return Buffer.from(`${out.join('\n')}\n`);
}
