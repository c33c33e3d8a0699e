import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { check, type Diagnostics } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * callscope runs its regular expressions on text a dump chooses: SDP lines, candidates, user
 * agents, the display strings of old webrtc-internals. A pattern that can try every split of its
 * input (ReDoS) holds an analysis worker for minutes on one crafted line, and such patterns were
 * found one at a time, each after it had shipped. Here every pattern in src/ goes through
 * recheck, a ReDoS checker (automata analysis, or seeded fuzzing where automata cannot decide).
 *
 * A pattern it finds vulnerable is rewritten, or listed below with the reason its input cannot
 * hurt; the test that times a hostile input is named where there is one. Patterns built at run
 * time (`new RegExp`) cannot be checked from the source and are listed too. An entry whose pattern
 * has left the code fails the test, so the list says what the code holds.
 */
const REVIEWED: Record<string, string> = {
  'src/analysis/payload/user-agent.ts /Version\\/([\\d.]+).*Safari\\//':
    'reads the first UA_PARSE_CHARS (2 KiB) of the user-agent string only (user-agent.test.ts times 300 kB)',
  'src/analysis/payload/user-agent.ts /Mobile|iPhone|Android.+Mobile/':
    'reads the first UA_PARSE_CHARS (2 KiB) of the user-agent string only (user-agent.test.ts times 300 kB)',
  'src/analysis/payload/user-agent.ts /iPad.*? OS ([\\d_]+)/':
    'reads the first UA_PARSE_CHARS (2 KiB) of the user-agent string only (user-agent.test.ts times 300 kB)',
  'src/ingest/internals/legacy-values.ts /(sender|receiver):\\s*\\{[^}]*\\}/g':
    'searches the text up to its last }, where every { finds a } (legacy-values.test.ts times 300 kB of sender:{)',
  'src/ingest/internals/legacy-values.ts new RegExp(`${side}:\\\\s*\\\\{([^}]*)\\\\}`)':
    'side is sender or receiver; searches the text up to its last } (legacy-values.test.ts)',
  'src/ingest/internals/legacy-values.ts new RegExp(`\\\\b${name}\\\\s*:\\\\s*(?:\'([^\']*)\'|"([^"]*)"|(null|\\\\w+))`)':
    'name is one of mid, kind, direction, currentDirection, track: recheck finds each of these safe',
  'src/ingest/internals/legacy-values.ts /streams\\s*:\\s*\\[([^\\]]*)\\]/':
    'searches the text up to its last ], where every [ finds a ] (legacy-values.test.ts times 540 kB of streams:[)',
  'src/config/config.ts /^\\s*(\\d+(?:\\.\\d+)?)\\s*([a-zA-Z]*)\\s*$/':
    "reads a setting the operator writes (environment or flag), never a request's text",
  'src/config/config.ts /\\/+$/':
    "reads a setting the operator writes (environment or flag), never a request's text",
  'src/storage/blobs/s3/s3-blob-store.ts /^\\/+|\\/+$/g':
    "reads the bucket prefix the operator sets (CALLSCOPE_S3_PREFIX), never a request's text",
  'src/storage/blobs/s3/s3-blob-store.ts /\\/+$/':
    "reads a key prefix the service builds (a fixed folder name), never a request's text",
  'src/storage/blobs/fs/fs-blob-store.ts /\\/+$/':
    "reads a key prefix the service builds (a fixed folder name), never a request's text",
  'src/web/client/markdown.ts /`([^`]+)`|\\*\\*([^*]+)\\*\\*|\\[([^\\]]+)\\]\\(([^)\\s]+)\\)/g':
    'renders the explanations callscope ships with its detectors, never text from a dump',
};

/**
 * recheck without its time limits, so that a verdict depends on the pattern alone and not on how
 * loaded the machine is; its fuzzing is seeded (0), so runs agree.
 */
const PARAMS = {
  randomSeed: 0,
  timeout: null,
  attackTimeout: null,
  incubationTimeout: null,
  seedingTimeout: null,
} as const;

const ROOT = new URL('..', import.meta.url).pathname;

interface Found {
  key: string;
  where: string;
  source?: string;
  flags?: string;
}

/** Regular expression literals and RegExp constructions in the shipped code (tests left out). */
function patternsInSource(): Found[] {
  const found: Found[] = [];
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (path.endsWith('.ts') && !path.endsWith('.test.ts')) files.push(path);
    }
  };
  walk(join(ROOT, 'src'));
  for (const path of files) {
    const file = relative(ROOT, path);
    const sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node) =>
      `${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(sf);
        const end = text.lastIndexOf('/');
        found.push({
          key: `${file} ${text}`,
          where: where(node),
          source: text.slice(1, end),
          flags: text.slice(end + 1),
        });
      } else if (
        (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'RegExp'
      ) {
        const args = (node.arguments ?? []).map((a) => a.getText(sf)).join(', ');
        found.push({ key: `${file} new RegExp(${args})`, where: where(node) });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

function verdict(d: Diagnostics): string {
  if (d.status === 'safe') return 'safe';
  if (d.status === 'vulnerable')
    return `vulnerable (${d.complexity.type}), attack: ${d.attack.pattern.slice(0, 80)}`;
  return `unknown (${d.error.kind})`;
}

describe('regular expressions', () => {
  const found = patternsInSource();

  it('finds the patterns of the code (the scan itself works)', () => {
    expect(found.length).toBeGreaterThan(100);
    expect(found.some((f) => f.key.startsWith('src/computed/sdp.ts /'))).toBe(true);
    expect(found.some((f) => f.key.includes('new RegExp('))).toBe(true);
  });

  it('cannot backtrack super-linearly on any input, or are reviewed', { timeout: 300_000 }, async () => {
    const unsafe: string[] = [];
    for (const f of found) {
      if (Object.hasOwn(REVIEWED, f.key)) continue;
      if (f.source === undefined) {
        unsafe.push(
          `${f.where} ${f.key.slice(f.key.indexOf(' ') + 1)}: built at run time, so it cannot be checked here`,
        );
        continue;
      }
      const result = verdict(await check(f.source, f.flags ?? '', PARAMS));
      if (result !== 'safe') unsafe.push(`${f.where} /${f.source}/${f.flags}: ${result}`);
    }
    expect(unsafe, 'rewrite these, or list them in REVIEWED with the reason their input cannot hurt').toEqual(
      [],
    );
  });

  it('reviews only patterns the code still has', () => {
    const keys = new Set(found.map((f) => f.key));
    expect(Object.keys(REVIEWED).filter((k) => !keys.has(k))).toEqual([]);
  });
});
