import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './build-dump.js';
import { analyzeDump } from './built.js';
import { decodeFloor } from './floor.js';

/**
 * A row of `npm run bench`: one dump, or a set of dumps analyzed as one pass, with the targets of
 * the speed and memory issue. Speeds are ratios to the decode floor measured in the same run.
 */
export interface Row {
  name: string;
  files: string[];
  bytes: number;
  /** analyze / floor must stay at or under this (undefined: no speed target). */
  speedTarget?: number;
  /** Peak RSS of a fresh process analyzing the dump must stay at or under this many bytes. */
  rssLimit?: number;
  /** MB/s the analysis must reach (a share of another row's floor), with what it is. */
  minRate?: { mbPerS: number; what: string };
  floorMs?: number;
  analyzeMs?: number;
  floorRssKiB?: number;
  analyzeRssKiB?: number;
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

/**
 * Medians over `runs` rounds of the floor and of analyzeDump, each over every file of the row in
 * turn, the two alternating so that machine load falls on both alike. Big files start each run
 * from a collected heap, so that one run does not pay for the previous one's garbage; small ones
 * do not: a forced full GC shrinks the young generation and slows the next small run down.
 */
export async function timeRow(row: Row, runs: number): Promise<void> {
  const big = row.bytes > 16e6;
  const settle = big ? gc : () => {};
  const pass = async (work: (path: string) => Promise<unknown>): Promise<number> => {
    settle();
    const start = performance.now();
    for (const file of row.files) await work(file);
    return performance.now() - start;
  };
  for (let i = 0; i < (big ? 1 : 10); i++) {
    await pass(decodeFloor);
    await pass(analyzeDump);
  }
  const floor: number[] = [];
  const analyze: number[] = [];
  for (let i = 0; i < runs; i++) {
    floor.push(await pass(decodeFloor));
    analyze.push(await pass(analyzeDump));
  }
  row.floorMs = median(floor);
  row.analyzeMs = median(analyze);
}

export interface ChildResult {
  ms: number;
  maxRssKiB: number;
}

/** One measurement in a fresh process (see child.ts). A failed run counts as no result. */
export function child(mode: 'analyze' | 'floor' | 'baseline', path: string): ChildResult {
  // The floor's reader is TypeScript (tsx); the analysis is the build under bare node (analyze-child.mjs).
  const args =
    mode === 'floor'
      ? ['--import', 'tsx', join(ROOT, 'bench/child.ts'), mode, path]
      : [join(ROOT, 'bench/analyze-child.mjs'), mode, path];
  let result: ChildResult & { error?: string };
  try {
    const out = execFileSync(process.execPath, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    result = JSON.parse(out.trim().split('\n').pop()!) as ChildResult & { error?: string };
  } catch (error) {
    result = { ms: Number.NaN, maxRssKiB: Number.NaN, error: (error as Error).message.split('\n')[0] };
  }
  if (result.error) {
    const reached = Number.isFinite(result.maxRssKiB) ? ` at ${mb(result.maxRssKiB * 1024)} MB RSS` : '';
    console.log(`${mode} ${relative(ROOT, path)} FAILED${reached}: ${result.error}`);
    return { ms: Number.NaN, maxRssKiB: Number.NaN };
  }
  return result;
}

export const sizeOf = (files: string[]): number => files.reduce((n, f) => n + statSync(f).size, 0);

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function rate(bytes: number, ms: number): number {
  return bytes / 1e6 / (ms / 1000);
}

export function mb(bytes: number): string {
  return Number.isFinite(bytes) ? (bytes / 1e6).toFixed(1) : 'failed';
}
