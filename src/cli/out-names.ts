import { normalize, resolve, sep } from 'node:path';

/**
 * The name of each input's JSON in `analyze --out DIR`: `<file name>.json`, or when several inputs
 * share a file name (`loss/dump.gz`, `clean/dump.gz`), their shortest distinct path endings joined
 * with `_` (`loss_dump.gz.json`), so that no result overwrites another. The same file given twice
 * gets the same name; `-` (standard input) is `stdin.json`.
 */
export function outputNames(files: readonly string[], stdin = '-'): string[] {
  const identity = files.map((f) => (f === stdin ? stdin : resolve(f)));
  const names = distinctEndings(files, stdin).map((parts) => parts.join('_'));
  // Whatever still clashes (odd names such as `a_b` next to `a/b`) gets a counter.
  const seen = new Map<string, string>();
  return names.map((name, i) => {
    let out = name;
    for (let n = 2; seen.has(out) && seen.get(out) !== identity[i]; n++) out = `${name}-${n}`;
    seen.set(out, identity[i]!);
    return `${out}.json`;
  });
}

/**
 * How the batch table names each input: its shortest distinct path ending (`loss/dump.gz` beside
 * `clean/dump.gz`, `dump.gz` alone), so that the table does not repeat a long common directory.
 */
export function tableNames(files: readonly string[], stdin = '-'): string[] {
  return distinctEndings(files, stdin).map((parts) => parts.join('/'));
}

/** Each input's shortest path ending (as path parts) that no other input shares. */
function distinctEndings(files: readonly string[], stdin: string): string[][] {
  const parts = files.map((f) =>
    f === stdin
      ? ['stdin']
      : normalize(f)
          .split(sep)
          .filter((p) => p !== '' && p !== '.' && p !== '..'),
  );
  const identity = files.map((f) => (f === stdin ? stdin : resolve(f)));
  const ending = (i: number, k: number) => parts[i]!.slice(-k).join(sep);
  return files.map((_, i) => {
    const mine = parts[i]!;
    for (let k = 1; k < mine.length; k++) {
      const clash = files.some((__, j) => identity[j] !== identity[i] && ending(j, k) === ending(i, k));
      if (!clash) return mine.slice(-k);
    }
    return mine;
  });
}
