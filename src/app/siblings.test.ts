import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The edges the app puts together. None imports another: what two of them need lives in edge/
 * (or below, in service/), and only app/ knows them all.
 */
const SIBLINGS = ['http', 'mcp', 'web'];

/** Every module a file names: static imports and re-exports (type-only ones too) and import(). */
function importedSpecifiers(text: string): string[] {
  const fromClauses = text.matchAll(/^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm);
  const bare = text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm);
  const dynamic = text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g);
  return [...fromClauses, ...bare, ...dynamic].map((m) => m[1]!);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** The top-level folder of src/ a relative specifier of `file` lands in, or undefined. */
function topFolder(file: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const [top] = relative(SRC, resolve(dirname(file), spec)).split(sep);
  return top;
}

function crossings(): string[] {
  const found: string[] = [];
  for (const sibling of SIBLINGS)
    for (const file of sourceFiles(join(SRC, sibling)))
      for (const spec of importedSpecifiers(readFileSync(file, 'utf8'))) {
        const top = topFolder(file, spec);
        if (top && top !== sibling && SIBLINGS.includes(top)) found.push(`${relative(SRC, file)} -> ${spec}`);
      }
  return found;
}

describe('http/, mcp/ and web/ are siblings', () => {
  it('none imports from another', () => {
    expect(crossings()).toEqual([]);
  });

  it('reads the import statements it has to (the check can fail)', () => {
    const text = [
      "import { a } from '../mcp/tools.js';",
      "import type { B } from '../http/route-types.js';",
      'export {\n  c,\n} from "../web/index.js";',
      "import '../web/side-effect.js';",
      "const d = await import('../http/late.js');",
    ].join('\n');
    expect(importedSpecifiers(text)).toEqual([
      '../mcp/tools.js',
      '../http/route-types.js',
      '../web/index.js',
      '../web/side-effect.js',
      '../http/late.js',
    ]);
    expect(topFolder(join(SRC, 'http', 'routes', 'x.ts'), '../../mcp/tools.js')).toBe('mcp');
  });
});
