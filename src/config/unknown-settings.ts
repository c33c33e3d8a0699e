import { SETTINGS } from './settings.js';

const KNOWN: ReadonlySet<string> = new Set(SETTINGS.map((s) => s.env));

/** Levenshtein distance, for the "did you mean" of a misspelt name. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * CALLSCOPE_* variables of the environment that are not settings, each with the closest setting
 * when one is near. A misspelt name is otherwise ignored without a word, and the service runs on
 * the default the operator meant to change. Only a warning: the variables are not the service's
 * alone (test and tooling variables share the prefix).
 */
export function unknownSettings(env: NodeJS.ProcessEnv): string[] {
  return Object.keys(env)
    .filter((name) => name.startsWith('CALLSCOPE_') && !KNOWN.has(name))
    .sort()
    .map((name) => {
      let best: { env: string; d: number } | undefined;
      for (const known of KNOWN) {
        const d = distance(name, known);
        if (!best || d < best.d) best = { env: known, d };
      }
      const hint = best && best.d <= 3 ? ` (did you mean ${best.env}?)` : '';
      return `${name} is not a setting${hint}: it is ignored`;
    });
}
