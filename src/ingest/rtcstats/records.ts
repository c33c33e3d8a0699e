import type { SessionSink } from '../../model/session-sink.js';
import { unreadable } from '../errors.js';
import { forEachLine } from '../lines.js';
import type { CarryBudget } from './carry-budget.js';

export interface RecordStats {
  records: number;
  badLines: number;
  lastBadLine: number | undefined;
  lines: number;
}

/**
 * Reads an NDJSON trace: each line a JSON array (or, for headers, an object). `onRecord` gets
 * each decoded line with its 1-based number. Lines that are not JSON are counted and skipped: a
 * cut-off last line is common when a client disconnects. A trace with no readable record fails.
 * `budget`, when given, learns the length of every line (see CarryBudget).
 */
export async function readRecordLines(
  chunks: AsyncIterable<Buffer>,
  sink: SessionSink,
  recognized: string,
  onLine: (value: unknown, lineNo: number) => void,
  headerLines = 0,
  budget?: CarryBudget,
): Promise<RecordStats> {
  const stats: RecordStats = { records: 0, badLines: 0, lastBadLine: undefined, lines: 0 };
  await forEachLine(chunks, (line) => {
    stats.lines++;
    budget?.read(line.length + 1);
    if (stats.lines <= headerLines || line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      stats.badLines++;
      stats.lastBadLine = stats.lines;
      return;
    }
    stats.records++;
    onLine(value, stats.lines);
  });
  if (stats.records === 0) throw unreadable(`No readable record in this ${recognized}.`, recognized);
  if (stats.badLines > 0) {
    const tail =
      stats.badLines === 1 && stats.lastBadLine === stats.lines ? ' (the last line is cut off)' : '';
    sink.warning(`${stats.badLines} of ${stats.lines} lines are not JSON and were skipped${tail}`);
    if (stats.badLines > stats.records) {
      throw unreadable(
        `Most lines of this ${recognized} are not JSON (${stats.badLines} of ${stats.lines}): the file is corrupt.`,
        recognized,
      );
    }
  }
  return stats;
}
