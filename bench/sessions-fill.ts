import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { flagColumns } from '../src/storage/flag-mask.js';
import { insightColumns } from '../src/storage/insight-facts.js';
import type { Database, SessionsTable } from '../src/storage/schema.js';
import { tagMask } from '../src/storage/tag-mask.js';

const BROWSERS = [
  ['Chrome', ['142', '143', '144']],
  ['Firefox', ['130', '131']],
  ['Safari', ['18', '26']],
  ['Edge', ['144']],
] as const;
const OS = ['Windows', 'macOS', 'Linux', 'Android', 'iPhone'];
const FLAGS = [
  ['networkAudioLossIn', ['network', 'audio', 'inbound']],
  ['highFreezeDuration', ['video', 'inbound']],
  ['iceFailure', ['connectivity', 'network']],
  ['bandwidthLimitation', ['video', 'outbound', 'network']],
  ['getUserMediaNotReadable', ['peripheral']],
  ['cpuLimitation', ['cpu', 'video']],
] as const;

/**
 * Inserts `count` sessions with realistic, varied abstracts (browsers, OS, observation flags and
 * tags, score bands) for one account, in batched transactions. Deterministic for a given seed.
 */
export async function fillSessions(
  db: Kysely<Database>,
  accountId: string,
  count: number,
  seed = 1,
): Promise<void> {
  let x = seed;
  const rand = () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
  const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)]!;
  const payload = gzipSync('{}');
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const sessions: SessionsTable[] = [];
    const payloads: { session_id: string; payload: Uint8Array }[] = [];
    const flags: { session_id: string; account_id: string; value: string }[] = [];
    const tags: { session_id: string; account_id: string; value: string }[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const id = randomUUID();
      payloads.push({ session_id: id, payload });
      const [browser, versions] = pick(BROWSERS);
      const score = rand() < 0.05 ? null : Math.round(rand() * 1000) / 10;
      const chosen = FLAGS.filter(() => rand() < 0.12);
      const sev = chosen.length ? Math.floor(rand() * 3) : -1;
      for (const [flag, ts] of chosen) {
        flags.push({ session_id: id, account_id: accountId, value: flag });
        for (const t of ts)
          if (!tags.some((g) => g.session_id === id && g.value === t))
            tags.push({ session_id: id, account_id: accountId, value: t });
      }
      sessions.push({
        id,
        account_id: accountId,
        ai_summary: null,
        created_at: 1_700_000_000_000 + i * 60_000,
        title: `room-${i % 997}.example.com/call-${i}`,
        description: null,
        tags: '[]',
        public_link: null,
        file_name: `dump-${i}.txt`,
        file_size: 100_000 + i,
        blob_key: `dumps/${accountId}/${id}`,
        processor_version: '1.0.0',
        uploaded_by: accountId,
        uploaded_by_email: null,
        call_start: 1_700_000_000_000 + i * 60_000,
        call_end: 1_700_000_000_000 + i * 60_000 + 600_000,
        indexed: 1,
        browser,
        browser_version: pick(versions),
        os: pick(OS),
        os_version: null,
        conference_id: `conf-${i % 5000}`,
        session_ref: `s-${i}`,
        user_id: `user-${i % 20_000}`,
        experience_score: score,
        connectivity: rand() < 0.1 ? 'RELAY/UDP' : 'DIRECT/UDP',
        obs_critical: sev === 0 ? 1 : 0,
        obs_high: sev === 1 ? 1 : 0,
        obs_medium: sev === 2 ? 1 : 0,
        obs_tag_mask: tagMask(chosen.flatMap(([, ts]) => ts)),
        ...flagColumns(chosen.map(([flag]) => flag)),
        score_band: score === null ? 'unrated' : score >= 80 ? 'high' : score >= 60 ? 'medium' : 'low',
        ...insightColumns(undefined),
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('sessions').values(sessions).execute();
      await trx.insertInto('session_payloads').values(payloads).execute();
      if (flags.length) await trx.insertInto('session_flags').values(flags).execute();
      if (tags.length) await trx.insertInto('session_tags').values(tags).execute();
    });
  }
}
