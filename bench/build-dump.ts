import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statfsSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LONG_JITSI_SOURCE, longJitsiLines } from '../test/support/long-jitsi.js';

/**
 * Builds large webrtc-internals dumps for the benchmark from real ones: the source peer
 * connections are replicated under new ids and every series is extended to Chrome's 1000-sample
 * cap, as a long call would leave them. The output is written in Chrome's exact layout
 * (`JSON.stringify(dump, null, 1)`), piece by piece, so a dump larger than V8's string limit can
 * be produced without ever holding its text.
 */

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const BENCH_DIR = join(ROOT, '.bench');
export const SOURCES = [
  join(ROOT, 'test/fixtures/chromium156/clean/webrtc_internals_dump.txt'),
  join(ROOT, 'test/fixtures/chromium156/loss/webrtc_internals_dump.txt'),
];
/** webrtc-internals keeps at most this many points per series. */
const SERIES_CAP = 1000;
/** Bump when the generated layout changes, so cached files are rebuilt. */
const GENERATOR_VERSION = 1;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
interface StatsEntry {
  startTime: string;
  endTime: string;
  statsType?: string;
  values: string;
}

/** A source peer connection with its series already extended (same for every replica). */
interface Template {
  fields: [string, Json][];
  stats: [string, StatsEntry][];
  /** Time of the source's last stats sample, epoch ms. */
  lastSample: number;
  /** How much later the extended series end. */
  shiftMs: number;
}

/**
 * Returns the path of a dump of at least `targetBytes`, building it unless a file built with the
 * same parameters is already cached in `.bench/`. `cap`: the length every series is extended to
 * (0 keeps the recorded series: a dump of many connections with short series).
 */
export async function ensureDump(label: string, targetBytes: number, cap = SERIES_CAP): Promise<string> {
  await mkdir(BENCH_DIR, { recursive: true });
  const path = join(BENCH_DIR, `internals-${label}.txt`);
  const metaPath = `${path}.json`;
  const params = JSON.stringify({
    version: GENERATOR_VERSION,
    targetBytes,
    cap,
    sources: SOURCES.map((s) => sha256(readFileSync(s))),
  });
  if (cached(path, params)) return path;
  const { bavail, bsize } = statfsSync(BENCH_DIR);
  if (bavail * bsize < targetBytes + 256e6)
    throw new Error(`not enough free disk space in ${BENCH_DIR} for a ${targetBytes / 1e6} MB dump`);
  const partial = `${path}.partial`;
  const bytes = writeDump(partial, targetBytes, SOURCES, cap);
  renameSync(partial, path);
  writeFileSync(metaPath, JSON.stringify({ params, bytes }));
  return path;
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** Whether `path` was built with `params` and is whole (its `.json` beside it says so). */
function cached(path: string, params: string): boolean {
  const metaPath = `${path}.json`;
  if (!existsSync(path) || !existsSync(metaPath)) return false;
  const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as { params: string; bytes: number };
  return meta.params === params && statSync(path).size === meta.bytes;
}

/**
 * The path of a jitsi dump of about `targetBytes` (see longJitsiDump), built unless `.bench/`
 * holds one built from the same fixture.
 */
export function ensureJitsiDump(targetBytes: number): string {
  mkdirSync(BENCH_DIR, { recursive: true });
  const path = join(BENCH_DIR, `jitsi-${Math.round(targetBytes / 1e6)}mb.ndjson`);
  // `generator`: 2 since the rounds' stats times move with their lines (see longJitsiLines).
  const params = JSON.stringify({
    targetBytes,
    generator: 2,
    source: sha256(readFileSync(LONG_JITSI_SOURCE)),
  });
  if (cached(path, params)) return path;
  const partial = `${path}.partial`;
  // Line by line: a 1 GiB dump is beyond what one string (or a join of its lines) can hold.
  const out = new ChunkWriter(partial);
  for (const line of longJitsiLines(targetBytes)) out.write(`${line}\n`);
  const bytes = out.close();
  renameSync(partial, path);
  writeFileSync(`${path}.json`, JSON.stringify({ params, bytes }));
  return path;
}

/** Writes the dump to `path`; returns its size in bytes. */
export function writeDump(path: string, targetBytes: number, sources = SOURCES, cap = SERIES_CAP): number {
  const docs = sources.map((s) => JSON.parse(readFileSync(s, 'utf8')) as JsonObject);
  const templates = docs.map((doc) => {
    const pcs = doc.PeerConnections as JsonObject;
    return template(Object.values(pcs)[0] as JsonObject, cap);
  });
  const base = docs[0]!;
  const rid = Object.keys(base.PeerConnections as JsonObject)[0]!.split('-')[0]!;
  const out = new ChunkWriter(path);
  const topKeys = Object.keys(base);
  out.write('{\n');
  topKeys.forEach((key, i) => {
    const last = i === topKeys.length - 1;
    if (key !== 'PeerConnections') {
      out.write(member(1, key, key === 'timestamp' ? dumpTime(base, templates) : base[key]!, last));
      return;
    }
    out.write(` ${JSON.stringify(key)}: {\n`);
    // At least one replica, then enough to reach the target (the closing lines are a few bytes).
    for (let n = 0; n === 0 || out.bytes < targetBytes; n++) {
      if (n > 0) out.write(',\n');
      writeConnection(out, `${rid}-${n + 1}`, templates[n % templates.length]!);
    }
    out.write(`\n }${last ? '' : ','}\n`);
  });
  out.write('}');
  return out.close();
}

function writeConnection(out: ChunkWriter, id: string, t: Template): void {
  out.write(`  ${JSON.stringify(id)}: {\n`);
  t.fields.forEach(([key, value], i) => {
    const last = i === t.fields.length - 1;
    if (key !== 'stats') {
      out.write(member(3, key, value, last));
      return;
    }
    out.write(`   "stats": {\n`);
    t.stats.forEach(([statKey, entry], j) => {
      out.write(member(4, statKey, entry as unknown as Json, j === t.stats.length - 1));
    });
    out.write(`   }${last ? '' : ','}\n`);
  });
  out.write('  }');
}

/** One `"key": value` member at `depth`, laid out as `JSON.stringify(root, null, 1)` does. */
function member(depth: number, key: string, value: Json, last: boolean): string {
  const pad = ' '.repeat(depth);
  const text = JSON.stringify(value, null, 1).replaceAll('\n', `\n${pad}`);
  return `${pad}${JSON.stringify(key)}: ${text}${last ? '' : ','}\n`;
}

function template(pc: JsonObject, cap: number): Template {
  const stats = pc.stats as unknown as { [key: string]: StatsEntry };
  const decoded = Object.entries(stats).map(([key, e]) => [key, JSON.parse(e.values) as Json[]] as const);
  const longest = Math.max(...decoded.map(([, v]) => v.length));
  // Every series grows by the same count, so series of a report stay aligned from the end.
  const extra = Math.max(0, cap - longest);
  let lastSample = 0;
  const extended: [string, StatsEntry][] = decoded.map(([key, values]) => {
    const entry = stats[key]!;
    const isTimestamp = key.endsWith('-timestamp');
    if (isTimestamp) lastSample = Math.max(lastSample, Number(values[values.length - 1]));
    const more = isTimestamp ? continueTimestamps(values, extra) : continueSeries(values, extra);
    return [
      key,
      {
        ...entry,
        endTime: new Date(Date.parse(entry.endTime) + extra * 1000).toISOString(),
        values: JSON.stringify(values.concat(more)),
      },
    ];
  });
  const shiftMs = extra * 1000;
  const fields = Object.entries(pc).map(([key, value]): [string, Json] => {
    if (key === 'stats') return [key, null];
    if (key !== 'updateLog' || !Array.isArray(value)) return [key, value];
    // Events after the last sample (close…) move to the end of the longer recording.
    const log = value.map((e) => {
      const entry = e as JsonObject;
      const at = entry.timestamp;
      return typeof at === 'number' && at > lastSample ? { ...entry, timestamp: at + shiftMs } : entry;
    });
    return [key, log];
  });
  return { fields, stats: extended, lastSample, shiftMs };
}

/** The dump's own time: as long after the latest (extended) sample as in the source. */
function dumpTime(base: JsonObject, templates: Template[]): Json {
  const gap = Number(base.timestamp) - templates[0]!.lastSample;
  return Math.max(...templates.map((t) => t.lastSample + t.shiftMs)) + gap;
}

/** Report timestamps: one poll per second, with a few ms of jitter as Chrome's timer has. */
function continueTimestamps(values: Json[], count: number): number[] {
  let t = Number(values[values.length - 1]);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    t += 1000 + ((i * 7919) % 3000) / 1000;
    out.push(Math.round(t * 1000) / 1000);
  }
  return out;
}

/**
 * Counters (numbers that never decrease and did grow) keep growing by the observed per-sample
 * deltas, in order; anything else (gauges, strings, booleans) repeats the observed samples.
 */
function continueSeries(values: Json[], count: number): Json[] {
  const out: Json[] = [];
  if (values.length === 0 || count === 0) return out;
  if (isCounter(values)) {
    const nums = values as number[];
    const deltas = nums.slice(1).map((v, i) => v - nums[i]!);
    const decimals = Math.min(9, Math.max(...nums.map(decimalsOf)));
    const scale = 10 ** decimals;
    let v = nums[nums.length - 1]!;
    for (let i = 0; i < count; i++) {
      v = Math.round((v + deltas[i % deltas.length]!) * scale) / scale;
      out.push(v);
    }
    return out;
  }
  for (let i = 0; i < count; i++) out.push(values[i % values.length]!);
  return out;
}

function isCounter(values: Json[]): boolean {
  if (values.length < 2 || !values.every((v) => typeof v === 'number' && Number.isFinite(v))) return false;
  const nums = values as number[];
  for (let i = 1; i < nums.length; i++) if (nums[i]! < nums[i - 1]!) return false;
  return nums[nums.length - 1]! > nums[0]!;
}

function decimalsOf(n: number): number {
  const text = String(n);
  const dot = text.indexOf('.');
  return dot === -1 || text.includes('e') ? 0 : text.length - dot - 1;
}

/** Buffers small strings into ~1 MiB writes. */
class ChunkWriter {
  readonly #fd: number;
  #parts: string[] = [];
  #pending = 0;
  #written = 0;

  constructor(path: string) {
    this.#fd = openSync(path, 'w');
  }

  get bytes(): number {
    return this.#written + this.#pending;
  }

  write(text: string): void {
    this.#parts.push(text);
    this.#pending += Buffer.byteLength(text);
    if (this.#pending >= 1 << 20) this.#flush();
  }

  close(): number {
    this.#flush();
    closeSync(this.#fd);
    return this.#written;
  }

  #flush(): void {
    const buffer = Buffer.from(this.#parts.join(''), 'utf8');
    for (let at = 0; at < buffer.length; ) at += writeSync(this.#fd, buffer, at);
    this.#written += buffer.length;
    this.#parts = [];
    this.#pending = 0;
  }
}

/** `tsx bench/build-dump.ts <label> <MB>`: builds (or finds) one dump and prints its path. */
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [label = '200mb', mb = '200'] = process.argv.slice(2);
  console.log(await ensureDump(label, Number(mb) * 1e6));
}
