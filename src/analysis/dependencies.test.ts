import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Packages a module loads when it is imported: its static, non-type imports, followed through the
 * project's own files. Dynamic `import()` is left out (it loads on first use, not at start).
 */
function loadedPackages(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    const statements = text.matchAll(/^(?:import|export)\s+(?!type\s)([^;]*?)\s*from\s+'([^']+)'/gms);
    for (const [, what, spec] of statements) {
      // `import { type A, type B } from` loads nothing either.
      if (
        what &&
        /^\{[^}]*\}$/s.test(what) &&
        what
          .slice(1, -1)
          .split(',')
          .every((n) => /^\s*(type\s|$)/.test(n))
      )
        continue;
      if (spec!.startsWith('.')) visit(join(dirname(file), spec!.replace(/\.js$/, '.ts')));
      else if (!spec!.startsWith('node:')) packages.set(spec!, relative(SRC, file));
    }
  };
  visit(join(SRC, entry));
  return packages;
}

describe('what the analysis core loads', () => {
  // The library entry, the analysis worker threads and `callscope analyze` start with the analysis
  // core: no HTTP, storage, MCP or schema library (TypeBox alone is hundreds of modules).
  it.each(['index.ts', 'worker/analysis-worker.ts', 'cli/main.ts', 'cli/commands/analyze.ts'])(
    '%s',
    (entry) => {
      const packages = loadedPackages(entry);
      const forbidden = ['typebox', 'fastify', 'kysely', 'better-sqlite3', 'pg', '@modelcontextprotocol/sdk'];
      const found = [...packages].filter(([p]) => forbidden.some((f) => p === f || p.startsWith(`${f}/`)));
      expect(found, found.map(([p, file]) => `${p} (from ${file})`).join(', ')).toEqual([]);
    },
  );

  it('finds a package that is imported (the check can fail)', () => {
    expect(loadedPackages('model/payload/observation.ts').has('typebox')).toBe(true);
  });
});
