/**
 * Bulk-loads sessions into PostgreSQL for `bench:scale`: realistic abstracts drawn from the real
 * detector catalog (types, tags, severities), browsers and operating systems in rough real-world
 * shares. Rows go in 10 000 at a time as one `insert … select from unnest($arrays)` per table, so
 * each batch costs one round trip and a handful of parameters (a million rows take seconds, not
 * the minutes that row-by-row inserts would).
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type pg from 'pg';
import { DETECTORS } from '../src/detectors/index.js';
import { scoreBand } from '../src/service/projections.js';
import { FLAG_COLUMNS, flagMasks } from '../src/storage/flag-mask.js';
import { tagMask } from '../src/storage/tag-mask.js';

const BROWSERS: [string, number, string[]][] = [
  ['Chrome', 0.62, ['140', '141', '142', '143']],
  ['Safari', 0.15, ['18', '26']],
  ['Edge', 0.11, ['141', '142']],
  ['Firefox', 0.09, ['143', '144', '145']],
  ['Opera', 0.03, ['124']],
];
const OSES: [string, number][] = [
  ['Windows', 0.4],
  ['macOS', 0.22],
  ['Android', 0.15],
  ['iOS', 0.12],
  ['Linux', 0.08],
  ['ChromeOS', 0.03],
];
const SERIOUS = ['critical', 'high', 'medium'] as const;
/** Detectors that can report something serious; earlier ones are made more frequent (Zipf-like). */
const SERIOUS_DETECTORS = DETECTORS.map((d) => d.meta).filter((m) =>
  m.severities.some((s) => (SERIOUS as readonly string[]).includes(s)),
);
/** Observation types from the most frequent (the fill draws them with Zipf weights in this order). */
export const FILL_TYPES_BY_FREQUENCY: readonly string[] = SERIOUS_DETECTORS.map((m) => m.type);

export interface FillResult {
  sessions: number;
  flags: number;
  tags: number;
  seconds: number;
}

/** A small deterministic generator (LCG): the same seed loads the same data. */
function random(seed: number) {
  let x = seed >>> 0;
  const next = () => {
    x = (Math.imul(x, 1_664_525) + 1_013_904_223) >>> 0;
    return x / 4_294_967_296;
  };
  const weighted = <T>(items: [T, number, ...unknown[]][]) => {
    let r = next();
    for (const item of items) {
      r -= item[1];
      if (r <= 0) return item;
    }
    return items[items.length - 1]!;
  };
  return { next, weighted };
}

/** Inserts `count` sessions of `accountId`, created over the year before `now`. */
export async function fillSessions(
  client: pg.Client,
  accountId: string,
  count: number,
  options: { now?: number; seed?: number; batch?: number; onProgress?: (done: number) => void } = {},
): Promise<FillResult> {
  const started = performance.now();
  const rnd = random(options.seed ?? 1);
  const batch = options.batch ?? 10_000;
  const now = options.now ?? Date.now();
  const year = 365 * 24 * 3600_000;
  const zipf = SERIOUS_DETECTORS.map((m, i) => [m, 1 / (i + 2)] as [typeof m, number]);
  const zipfTotal = zipf.reduce((n, z) => n + z[1], 0);
  for (const z of zipf) z[1] /= zipfTotal;
  const { rows } = await client.query<{ n: string }>(
    `select count(*) as n from information_schema.tables where table_schema = current_schema() and table_name = 'session_payloads'`,
  );
  // The payload table was split from sessions at some point: load whichever layout is there.
  const separatePayloads = Number(rows[0]!.n) > 0;
  const payload = gzipSync(JSON.stringify({ observations: [], note: 'bench' }));
  // The classic bulk load: secondary indexes dropped, rows in, indexes built once at the end (a
  // restore does the same). Primary keys and foreign keys stay, so the data is checked as usual.
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
       where i.schemaname = current_schema()
         and i.tablename in ('sessions', 'session_flags', 'session_tags', 'session_payloads')
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const i of indexes) await client.query(`drop index "${i.name}"`);
  let flagsTotal = 0;
  let tagsTotal = 0;
  for (let start = 0; start < count; start += batch) {
    const n = Math.min(batch, count - start);
    const s = {
      id: [] as string[],
      created: [] as number[],
      title: [] as string[],
      browser: [] as string[],
      version: [] as string[],
      os: [] as string[],
      conference: [] as string[],
      user: [] as string[],
      score: [] as (number | null)[],
      band: [] as string[],
      connectivity: [] as string[],
      critical: [] as number[],
      high: [] as number[],
      medium: [] as number[],
      tagMask: [] as number[],
      flagMasks: FLAG_COLUMNS.map(() => [] as number[]),
    };
    const facts = {
      flagId: [] as string[],
      flag: [] as string[],
      tagId: [] as string[],
      tag: [] as string[],
    };
    for (let k = 0; k < n; k++) {
      const i = start + k;
      const id = randomUUID();
      const [browser, , versions] = rnd.weighted(BROWSERS) as [string, number, string[]];
      const counts = { critical: 0, high: 0, medium: 0 };
      const roll = rnd.next();
      const observed = roll < 0.45 ? 0 : roll < 0.75 ? 1 : roll < 0.9 ? 2 : 3 + Math.floor(rnd.next() * 3);
      const types = new Set<string>();
      const tags = new Set<string>();
      for (let o = 0; o < observed; o++) {
        const [meta] = rnd.weighted(zipf);
        const serious = meta.severities.filter((x) => (SERIOUS as readonly string[]).includes(x));
        const severity = serious[Math.floor(rnd.next() * serious.length)] as (typeof SERIOUS)[number];
        counts[severity]++;
        types.add(meta.type);
        for (const t of meta.tags) tags.add(t);
      }
      for (const t of types) {
        facts.flagId.push(id);
        facts.flag.push(t);
      }
      for (const t of tags) {
        facts.tagId.push(id);
        facts.tag.push(t);
      }
      const score =
        rnd.next() < 0.04
          ? null
          : Math.max(0, Math.min(100, Math.round(92 - 9 * observed - 15 * rnd.next() + 10 * rnd.next())));
      s.id.push(id);
      s.created.push(now - year + Math.floor(((i + rnd.next()) / count) * year));
      s.title.push(`meet.example.com/room-${i % 4999} ${browser}`);
      s.browser.push(browser);
      s.version.push(versions[Math.floor(rnd.next() * versions.length)]!);
      s.os.push(rnd.weighted(OSES)[0]);
      s.conference.push(`conf-${Math.floor(i / 4)}`);
      s.user.push(`user-${Math.floor(rnd.next() * 50_000)}`);
      s.score.push(score);
      s.band.push(scoreBand(score));
      s.connectivity.push(rnd.next() < 0.12 ? 'RELAY/UDP' : rnd.next() < 0.05 ? 'DIRECT/TCP' : 'DIRECT/UDP');
      s.critical.push(counts.critical);
      s.high.push(counts.high);
      s.medium.push(counts.medium);
      s.tagMask.push(tagMask([...tags]));
      const masks = flagMasks([...types]).masks;
      for (let c = 0; c < masks.length; c++) s.flagMasks[c]!.push(masks[c]!);
    }
    await client.query('begin');
    await client.query(
      `insert into sessions (id, account_id, created_at, title, tags, file_name, file_size, blob_key,
         processor_version, ${separatePayloads ? '' : 'payload, '}uploaded_by, call_start, call_end, indexed,
         browser, browser_version, os, conference_id, session_ref, user_id, experience_score, connectivity,
         obs_critical, obs_high, obs_medium, obs_tag_mask, ${FLAG_COLUMNS.join(', ')}, score_band)
       select id, $2, created, title, '[]', 'webrtc_internals_dump.txt', 2500000, 'dumps/' || $2 || '/' || id,
         '1.0.0', ${separatePayloads ? '' : '$21, '}$2, created - 600000, created, 1,
         browser, version, os, conference, id, usr, score, connectivity, critical, high, medium, mask,
         f0, f1, f2, f3, band
       from unnest($1::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
         $9::text[], $10::float8[], $11::text[], $12::text[], $13::int[], $14::int[], $15::int[],
         $16::int[], $17::int[], $18::int[], $19::int[], $20::int[]) as t(id, created, title, browser,
           version, os, conference, usr, score, band, connectivity, critical, high, medium, mask,
           f0, f1, f2, f3)`,
      [
        s.id,
        accountId,
        s.created,
        s.title,
        s.browser,
        s.version,
        s.os,
        s.conference,
        s.user,
        s.score,
        s.band,
        s.connectivity,
        s.critical,
        s.high,
        s.medium,
        s.tagMask,
        ...s.flagMasks,
        ...(separatePayloads ? [] : [payload]),
      ],
    );
    if (separatePayloads)
      await client.query(
        `insert into session_payloads (session_id, payload) select id, $2 from unnest($1::text[]) as t(id)`,
        [s.id, payload],
      );
    for (const [table, ids, values] of [
      ['session_flags', facts.flagId, facts.flag],
      ['session_tags', facts.tagId, facts.tag],
    ] as const)
      await client.query(
        `insert into ${table} (session_id, account_id, value) select id, $2, v from unnest($1::text[], $3::text[]) as t(id, v)`,
        [ids, accountId, values],
      );
    await client.query('commit');
    flagsTotal += facts.flag.length;
    tagsTotal += facts.tag.length;
    options.onProgress?.(start + n);
  }
  for (const i of indexes) await client.query(i.def);
  return {
    sessions: count,
    flags: flagsTotal,
    tags: tagsTotal,
    seconds: (performance.now() - started) / 1000,
  };
}
