import { mb, type Row, rate } from './rows.js';

/** Prints the table of rows with each target and its verdict; returns whether any target was missed. */
export function printSummary(rows: Row[]): boolean {
  let failed = false;
  const verdict = (ok: boolean): string => {
    if (!ok) failed = true;
    return ok ? 'PASS' : 'FAIL';
  };
  const lines = rows.map((r) => {
    const ratio = r.floorMs && r.analyzeMs ? r.analyzeMs / r.floorMs : undefined;
    const rss = r.analyzeRssKiB === undefined ? undefined : r.analyzeRssKiB * 1024;
    const analyzeRate = r.analyzeMs ? rate(r.bytes, r.analyzeMs) : undefined;
    const speed =
      r.speedTarget !== undefined
        ? `<= ${r.speedTarget}x ${verdict(ratio !== undefined && ratio <= r.speedTarget)}`
        : r.minRate
          ? `>= ${r.minRate.mbPerS.toFixed(1)} MB/s ${verdict(analyzeRate !== undefined && analyzeRate >= r.minRate.mbPerS)}`
          : '-';
    return [
      r.name,
      mb(r.bytes),
      r.floorMs ? rate(r.bytes, r.floorMs).toFixed(1) : 'n/a',
      analyzeRate === undefined ? 'n/a' : analyzeRate.toFixed(1),
      ratio === undefined ? 'n/a' : `${ratio.toFixed(2)}x`,
      speed,
      r.floorRssKiB === undefined ? 'n/a' : mb(r.floorRssKiB * 1024),
      rss === undefined ? 'n/a' : mb(rss),
      r.rssLimit === undefined
        ? '-'
        : `<= ${mb(r.rssLimit)} ${verdict(rss !== undefined && rss <= r.rssLimit)}`,
    ];
  });
  const head = [
    'dump',
    'MB',
    'floor MB/s',
    'analyze MB/s',
    'analyze/floor',
    'speed target',
    'floor RSS MB',
    'analyze RSS MB',
    'RSS target',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]): string =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${format(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const l of lines) console.log(format(l));
  return failed;
}
