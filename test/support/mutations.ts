/**
 * Mutated real dumps for fuzzing (fast-check): a fixture is parsed (one JSON document, or JSON
 * lines), then damaged the ways real files and hostile clients damage them — truncated, bytes
 * flipped, keys dropped and duplicated, values swapped for another type, numbers made huge, values
 * nested deeply — and serialized again (and gzipped again when the fixture was).
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { dump } from './api-requests.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Small real dumps of every format: mutations of them analyze in milliseconds. */
export const FUZZ_FIXTURES = [
  'chromium156/datachannel-only/webrtc_internals_dump.txt', // webrtc-internals JSON
  'chromium156/datachannel-only/rtcstats_dump.caller.txt', // rtcstats JSON lines
  'chromium156/datachannel-only/chromium_rtcstats_dump.gz', // rtcstats, gzip
  'jitsi/firefox97-standard-stats-sfu', // jitsi rtcstats (Firefox)
  'rtcstats/rtcstats-gumonly.jsonl',
  'rtcstats/internals-gumonly.gz', // webrtc-internals, gzip
] as const;

export type Mutation =
  | { op: 'truncate'; at: number }
  | { op: 'flip'; bytes: { at: number; xor: number }[] }
  | { op: 'drop'; node: number }
  | { op: 'duplicate'; node: number }
  | { op: 'swap'; node: number; value: Json }
  | { op: 'huge'; node: number; text: string }
  | { op: 'nest'; node: number; depth: number; open: '[' | '{"a":' };

/** Numbers as JSON text that no dump holds: past double range, tiny, negative zero, long integers. */
const HUGE = [
  '1e308',
  '-1e308',
  '1e400',
  '-1e400',
  '5e-324',
  '-0',
  '123456789012345678901234567890',
  '9007199254740993',
  '-9007199254740993',
  '1.7976931348623157e308',
  '0.0000000000000000000000001',
];

const anyJson: fc.Arbitrary<Json> = fc.oneof<fc.Arbitrary<Json>[]>(
  fc.constant(null),
  fc.boolean(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.string({ maxLength: 20 }),
  fc.constant([] as Json[]),
  fc.constant({} as Json),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
  fc.constant('__proto__'),
  fc.constant({ __proto__: { polluted: 1 } } as unknown as Json),
);

/** Fractions are turned into positions once the size of the target is known. */
const position = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({
    op: fc.constant('flip' as const),
    bytes: fc.array(fc.record({ at: fc.nat(), xor: fc.integer({ min: 1, max: 255 }) }), {
      minLength: 1,
      maxLength: 8,
    }),
  }),
  fc.record({ op: fc.constant('drop' as const), node: fc.nat() }),
  fc.record({ op: fc.constant('duplicate' as const), node: fc.nat() }),
  fc.record({ op: fc.constant('swap' as const), node: fc.nat(), value: anyJson }),
  fc.record({ op: fc.constant('huge' as const), node: fc.nat(), text: fc.constantFrom(...HUGE) }),
  fc.record({
    op: fc.constant('nest' as const),
    node: fc.nat(),
    depth: fc.oneof(fc.integer({ min: 100, max: 5_000 }), fc.integer({ min: 50_000, max: 200_000 })),
    open: fc.constantFrom('[' as const, '{"a":' as const),
  }),
);

/** A fixture and 1 to 3 mutations of it; `describe` names the case in failure reports. */
export const mutatedDumpArb = fc.record({
  fixture: fc.constantFrom(...FUZZ_FIXTURES),
  mutations: fc.array(mutationArb, { minLength: 1, maxLength: 3 }),
  /** Where a structural mutation lands, as a fraction of the nodes (or lines). */
  where: position,
});

export type MutatedDump = typeof mutatedDumpArb extends fc.Arbitrary<infer T> ? T : never;

/** The bytes of a mutated dump, gzipped again when the fixture was gzip. */
export function mutatedBytes(input: MutatedDump): Buffer {
  const original = dump(input.fixture);
  const gzipped = original[0] === 0x1f && original[1] === 0x8b;
  let text = (gzipped ? gunzipSync(original) : original).toString('utf8');
  let bytes: Buffer | undefined;
  // Deep nesting goes last, and once: the mutations re-serialize the document, which JSON.stringify
  // cannot do with 100 000 levels (the reader must parse it; the fuzzer need not rebuild it).
  const nest = input.mutations.find((m) => m.op === 'nest');
  const ordered = [...input.mutations.filter((m) => m.op !== 'nest'), ...(nest ? [nest] : [])];
  for (const m of ordered) {
    if (m.op === 'truncate' || m.op === 'flip') {
      const b = Buffer.from(bytes ?? Buffer.from(text, 'utf8'));
      if (m.op === 'truncate') bytes = b.subarray(0, m.at % Math.max(1, b.length));
      else {
        for (const f of m.bytes) if (b.length > 0) b[f.at % b.length]! ^= f.xor;
        bytes = b;
      }
      text = bytes.toString('latin1');
      continue;
    }
    text = mutateStructure(bytes ? bytes.toString('utf8') : text, m, input.where);
    bytes = undefined;
  }
  const out = bytes ?? Buffer.from(text, 'utf8');
  return gzipped ? gzipSync(out) : out;
}

/** Applies a structural mutation to one JSON document or to one line of JSON lines. */
function mutateStructure(text: string, m: Exclude<Mutation, { op: 'truncate' | 'flip' }>, where: number) {
  const whole = tryParse(text);
  if (whole.ok) return mutateDocument(whole.value, m, where);
  const lines = text.split('\n');
  const parsed = lines.map((l, i) => ({ i, p: tryParse(l) })).filter((x) => x.p.ok);
  if (parsed.length === 0) return text;
  const target = parsed[Math.floor(where * parsed.length)]!;
  lines[target.i] = mutateDocument((target.p as { value: Json }).value, m, (where * 7919) % 1);
  return lines.join('\n');
}

function tryParse(text: string): { ok: true; value: Json } | { ok: false } {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as Json };
  } catch {
    return { ok: false };
  }
}

interface Slot {
  parent: Json[] | { [key: string]: Json };
  key: string | number;
}

/** Every value of the document with where it sits (first 50 000), for picking one by index. */
function slots(root: Json): Slot[] {
  const out: Slot[] = [];
  const stack: Json[] = [root];
  while (stack.length > 0 && out.length < 50_000) {
    const node = stack.pop()!;
    if (Array.isArray(node))
      node.forEach((v, i) => {
        out.push({ parent: node, key: i });
        stack.push(v);
      });
    else if (node !== null && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) {
        out.push({ parent: node, key: k });
        stack.push(v);
      }
  }
  return out;
}

const PLACEHOLDER = '\u0000mutation\u0000';

function mutateDocument(
  root: Json,
  m: Exclude<Mutation, { op: 'truncate' | 'flip' }>,
  where: number,
): string {
  const all = slots(root);
  if (all.length === 0) return JSON.stringify(root);
  const slot = all[(m.node + Math.floor(where * all.length)) % all.length]!;
  const parent = slot.parent as Record<string | number, Json>;
  switch (m.op) {
    case 'drop':
      if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
      else delete parent[slot.key];
      return JSON.stringify(root);
    case 'swap':
      parent[slot.key] = m.value;
      return JSON.stringify(root);
    case 'duplicate': {
      if (Array.isArray(slot.parent)) {
        slot.parent.splice(slot.key as number, 0, slot.parent[slot.key as number]!);
        return JSON.stringify(root);
      }
      // An object key written twice, the second time with another value: JSON.parse keeps the last.
      const value = parent[slot.key];
      parent[slot.key] = PLACEHOLDER;
      const key = JSON.stringify(slot.key);
      return JSON.stringify(root).replace(
        `${key}:${JSON.stringify(PLACEHOLDER)}`,
        () => `${key}:${JSON.stringify(value) ?? 'null'},${key}:${JSON.stringify(swapType(value))}`,
      );
    }
    case 'huge':
    case 'nest': {
      const inner = m.op === 'huge' ? m.text : (JSON.stringify(parent[slot.key]) ?? 'null');
      parent[slot.key] = PLACEHOLDER;
      const replacement =
        m.op === 'huge'
          ? inner
          : `${m.open.repeat(m.depth)}${inner}${(m.open === '[' ? ']' : '}').repeat(m.depth)}`;
      return JSON.stringify(root).replace(JSON.stringify(PLACEHOLDER), () => replacement);
    }
  }
}

function swapType(value: Json | undefined): Json {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return { length: value.length };
  if (value !== null && typeof value === 'object') return [value];
  return 0;
}
