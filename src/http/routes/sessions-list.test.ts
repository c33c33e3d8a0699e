import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dump, PREFIXES, raw } from '../../../test/support/api-requests.js';
import { expectError, expectOk } from '../../../test/support/api-schemas.js';
import { startService, type TestAccount, type TestService } from '../../../test/support/service.js';
import type { SessionsListResponse, UploadResponse } from '../../model/api/resources.js';

/**
 * Seven real dumps, uploaded oldest first. What each one implies for the list filters was read
 * from an analysis of the dump (browser and OS from its user agent; score band from its
 * experienceScore; flags and tags from its critical/high/medium observations only):
 *
 * - clean:    Chromium 156, Linux, experience ~86 (high); nothing above low.
 * - loss:     Chromium 156, Linux, ~39 (low); 10 % loss each way: high networkLossIn/Out causes
 *             (tags audio, video, inbound, outbound, network); their symptoms (per-kind loss,
 *             NACKs, retransmissions) are explained by them and low, so nothing is medium.
 * - iceFail:  Chromium 156, Linux, no media at all (unrated); critical iceFailure and high
 *             turnNoConfig (tags connectivity, configuration, network).
 * - firefox:  jitsi Firefox 118, macOS, ~49 (low); medium relayOverTls and networkMediaJitterIn.
 * - safari:   jitsi Safari 17, macOS, ~67 (medium); nothing above low.
 * - pcFailed: jitsi Chrome 99, Windows, ~37 (low); critical iceFailure/connectionLost, high
 *             turnNoConfig and getUserMediaNotReadable (tag peripheral).
 * - fippo:    Chromium 48 (legacy stats), Linux, ~85 (high); nothing above low; conference id
 *             "the-conferenceid", user id "the-clientid".
 */
const SESSIONS = {
  clean: 'chromium156/clean/webrtc_internals_dump.txt',
  loss: 'chromium156/loss/webrtc_internals_dump.txt',
  iceFail: 'chromium156/ice-fail/webrtc_internals_dump.txt',
  firefox: 'jitsi/firefox-relay',
  safari: 'jitsi/safari-standard-stats',
  pcFailed: 'jitsi/chrome-standard-pc-failed',
  fippo: 'fippo/clienttest.json',
} as const;
type Key = keyof typeof SESSIONS;
const KEYS = Object.keys(SESSIONS) as Key[];
/** Newest first, as the list answers. */
const NEWEST_FIRST = [...KEYS].reverse();

describe('GET sessions: filters and paging', () => {
  let service: TestService;
  let account: TestAccount;
  const idOf = {} as Record<Key, string>;
  const keyOf = new Map<string, Key>();

  beforeAll(async () => {
    service = await startService({ CALLSCOPE_RATE_READS: '1000', CALLSCOPE_RATE_INGEST: '1000' });
    account = await service.account({ credits: 20 });
    const db = service.ctx.storage.database.db;
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (const [i, key] of KEYS.entries()) {
      const { body } = await expectOk<UploadResponse>(
        account.fetch(`/v1.0/upload?fileName=${key}.json`, raw(dump(SESSIONS[key]))),
        'UploadResponse',
      );
      idOf[key] = body.callscopeId;
      keyOf.set(body.callscopeId, key);
      // Distinct creation times, one minute apart, so that "newest first" has one answer.
      await db
        .updateTable('sessions')
        .set({ created_at: base + i * 60_000 })
        .where('id', '=', body.callscopeId)
        .execute();
    }
    // Another account's sessions never show up.
    const other = await service.account({ credits: 5 });
    await expectOk(other.fetch('/v1.0/upload', raw(dump(SESSIONS.clean))), 'UploadResponse');
  });
  afterAll(async () => service?.close());

  const listed = async (query: string, prefix = '/v1.0') =>
    (
      await expectOk<SessionsListResponse>(
        account.fetch(`${prefix}/sessions${query}`),
        'SessionsListResponse',
      )
    ).body;
  const keys = async (query: string) => (await listed(query)).data.map((s) => keyOf.get(s.callscopeId));
  /** The keys in the order the list must give them. */
  const ordered = (...wanted: Key[]) => NEWEST_FIRST.filter((k) => wanted.includes(k));

  it.each(PREFIXES)(
    'lists every session of the account, newest first, with its abstract on %s',
    async (prefix) => {
      const body = await listed('', prefix);
      expect(body).toMatchObject({
        total: 7,
        totalCount: 7,
        page: 1,
        limit: 100,
        totalPages: 1,
        hasMore: false,
      });
      expect(body.data.map((s) => keyOf.get(s.callscopeId))).toEqual(NEWEST_FIRST);
      const byKey = Object.fromEntries(body.data.map((s) => [keyOf.get(s.callscopeId)!, s]));
      const expected: Record<Key, object> = {
        clean: {
          browser: 'Chromium',
          browserVersion: '156',
          os: 'Linux',
          scoreBand: 'high',
          observationsCritical: 0,
          observationsHigh: 0,
          observationsMedium: 0,
        },
        loss: {
          browser: 'Chromium',
          browserVersion: '156',
          os: 'Linux',
          scoreBand: 'low',
          observationsCritical: 0,
        },
        iceFail: {
          browser: 'Chromium',
          browserVersion: '156',
          os: 'Linux',
          scoreBand: 'unrated',
          experienceScore: null,
        },
        firefox: {
          browser: 'Firefox',
          browserVersion: '118',
          os: 'macOS',
          scoreBand: 'low',
          connectivity: 'RELAY/TLS',
        },
        safari: {
          browser: 'Safari',
          browserVersion: '17',
          os: 'macOS',
          scoreBand: 'medium',
          observationFlags: [],
        },
        pcFailed: {
          browser: 'Chrome',
          browserVersion: '99',
          os: 'Windows',
          scoreBand: 'low',
          sessionId: '1647265163968',
        },
        fippo: {
          browser: 'Chromium',
          browserVersion: '48',
          os: 'Linux',
          scoreBand: 'high',
          conferenceId: 'the-conferenceid',
          userId: 'the-clientid',
        },
      };
      for (const key of KEYS) {
        const item = byKey[key]!;
        expect(item.abstract, key).toMatchObject(expected[key]);
        expect(item.callscopeUrl).toBe(`${service.url}/sessions/${idOf[key]}`);
        expect(item.createdAt).toBe(
          new Date(Date.parse('2026-01-01T00:00:00Z') + KEYS.indexOf(key) * 60_000).toISOString(),
        );
        expect(item).not.toHaveProperty('embedUrl');
        // The stored file's name tells apart sessions of one page, which share a title.
        expect(item.fileName).toBe(`${key}.json`);
      }
      expect(byKey.fippo!.title).toBe('localhost/samples/src/content/peerconnection/pc1');
      expect(byKey.loss!.abstract!.observationFlags).toContain('networkLossIn');
      expect(byKey.iceFail!.abstract!.observationFlags).toEqual(['iceFailure', 'turnNoConfig']);
      // turnNoConfig is only low on the clean call: low observations feed no flag.
      expect(byKey.clean!.abstract!.observationFlags).toEqual([]);
    },
  );

  it('filters on file-name substrings with fileName, apart from the title', async () => {
    expect(await keys('?fileName=LOSS')).toEqual(ordered('loss'));
    expect(await keys('?fileName=clean.json,safari')).toEqual(ordered('clean', 'safari'));
    expect(await keys('?fileName=clean&fileName=fippo')).toEqual(ordered('clean', 'fippo'));
    // name stays title-only: no title holds "pcFailed", and no file name holds "caller".
    expect(await keys('?name=pcFailed')).toEqual([]);
    expect(await keys('?fileName=caller')).toEqual([]);
    expect(await keys('?fileName=json&name=caller')).toEqual(ordered('clean', 'loss', 'iceFail'));
    await expectError(account.fetch(`/v1.0/sessions?fileName=${'x'.repeat(201)}`), 400, 'invalid_request');
  });

  it('filters on title substrings, case-insensitively, ANY of several', async () => {
    expect(await keys('?name=PEERCONNECTION')).toEqual(ordered('fippo'));
    expect(await keys('?name=meet.jit')).toEqual(ordered('firefox', 'safari'));
    expect(await keys('?name=caller')).toEqual(ordered('clean', 'loss', 'iceFail'));
    expect(await keys('?name=problematic&name=peerconnection')).toEqual(ordered('pcFailed', 'fippo'));
    expect(await keys('?name=problematic,peerconnection')).toEqual(ordered('pcFailed', 'fippo'));
    // Values are trimmed; the comma-separated and repeated forms mix.
    expect(await keys('?name=problematic,%20peerconnection%20')).toEqual(ordered('pcFailed', 'fippo'));
    expect(await keys('?name=problematic,nothing&name=peerconnection')).toEqual(ordered('pcFailed', 'fippo'));
    expect(await keys('?name=no-such-title')).toEqual([]);
    // LIKE wildcards are literal characters.
    expect(await keys('?name=%25')).toEqual([]);
    expect(await keys('?name=_')).toEqual([]);
  });

  it('filters on observation tags and flags of critical/high/medium observations, ANY of several', async () => {
    expect(await keys('?observationTags=peripheral')).toEqual(ordered('pcFailed'));
    expect(await keys('?observationTags=audio')).toEqual(ordered('loss', 'firefox'));
    expect(await keys('?observationTags=peripheral,audio')).toEqual(ordered('loss', 'firefox', 'pcFailed'));
    expect(await keys('?observationTags=peripheral&observationTags=audio')).toEqual(
      ordered('loss', 'firefox', 'pcFailed'),
    );
    expect(await keys('?observationTags=security')).toEqual([]);
    expect(await keys('?observationFlags=iceFailure')).toEqual(ordered('iceFail', 'pcFailed'));
    // pcFailed's failed connections without TURN were network probes beside the call: low, no flag.
    expect(await keys('?observationFlags=turnNoConfig')).toEqual(ordered('iceFail'));
    expect(await keys('?observationFlags=relayOverTls&observationFlags=networkLossIn')).toEqual(
      ordered('loss', 'firefox'),
    );
    expect(await keys('?observationFlags=relayOverTls,networkLossIn')).toEqual(ordered('loss', 'firefox'));
    // Info observations (lowEndDevice on the Chromium calls) feed no filter.
    expect(await keys('?observationFlags=lowEndDevice')).toEqual([]);
  });

  it('filters on os, browser and browser major version, exactly', async () => {
    expect(await keys('?os=Linux')).toEqual(ordered('clean', 'loss', 'iceFail', 'fippo'));
    expect(await keys('?os=macOS')).toEqual(ordered('firefox', 'safari'));
    expect(await keys('?os=Windows')).toEqual(ordered('pcFailed'));
    expect(await keys('?os=linux')).toEqual([]);
    expect(await keys('?browser=Chromium')).toEqual(ordered('clean', 'loss', 'iceFail', 'fippo'));
    expect(await keys('?browser=Chrome')).toEqual(ordered('pcFailed'));
    expect(await keys('?browser=Firefox')).toEqual(ordered('firefox'));
    expect(await keys('?browser=Safari')).toEqual(ordered('safari'));
    expect(await keys('?browserVersion=156')).toEqual(ordered('clean', 'loss', 'iceFail'));
    expect(await keys('?browserVersion=48')).toEqual(ordered('fippo'));
    expect(await keys('?browserVersion=15')).toEqual([]);
  });

  it('filters on the user, conference and session ids of the dump metadata', async () => {
    expect(await keys('?conferenceId=the-conferenceid')).toEqual(ordered('fippo'));
    expect(await keys('?userId=the-clientid')).toEqual(ordered('fippo'));
    expect(await keys('?sessionId=1647265163968')).toEqual(ordered('pcFailed'));
    // The Safari call was on another meeting: its title names meet.jit.si but not its conference.
    expect(await keys('?conferenceId=absentbreakdownspicturesame')).toEqual(ordered('firefox'));
    expect(await keys('?conferenceId=nothing-like-it')).toEqual([]);
  });

  it('filters on severities present', async () => {
    expect(await keys('?hasCritical=true')).toEqual(ordered('iceFail', 'pcFailed'));
    expect(await keys('?hasCritical=false')).toEqual(ordered('clean', 'loss', 'firefox', 'safari', 'fippo'));
    expect(await keys('?hasHigh=true')).toEqual(ordered('loss', 'iceFail', 'pcFailed'));
    // pcFailed's network probes that failed beside the call are medium.
    // The loss call's medium symptoms are explained by its high causes: low, no medium left.
    expect(await keys('?hasMedium=true')).toEqual(ordered('firefox', 'pcFailed'));
    expect(await keys('?hasMedium=false')).toEqual(ordered('clean', 'loss', 'iceFail', 'safari', 'fippo'));
  });

  it('filters on score bands (an unrated session is in none)', async () => {
    expect(await keys('?hasLowScore=true')).toEqual(ordered('loss', 'firefox', 'pcFailed'));
    expect(await keys('?hasMediumScore=true')).toEqual(ordered('safari'));
    expect(await keys('?hasHighScore=true')).toEqual(ordered('clean', 'fippo'));
    expect(await keys('?hasHighScore=false')).toEqual(
      ordered('loss', 'iceFail', 'firefox', 'safari', 'pcFailed'),
    );
  });

  it('AND-combines different filters', async () => {
    expect(await keys('?browser=Chromium&hasHigh=true')).toEqual(ordered('loss', 'iceFail'));
    expect(await keys('?os=Linux&hasLowScore=true')).toEqual(ordered('loss'));
    expect(await keys('?name=meet.jit&hasMedium=true')).toEqual(ordered('firefox'));
    expect(await keys('?os=macOS&observationTags=connectivity')).toEqual(ordered('firefox'));
    expect(await keys('?browser=Chrome&browserVersion=99&observationFlags=getUserMediaNotReadable')).toEqual(
      ordered('pcFailed'),
    );
    expect(await keys('?browserVersion=156&hasCritical=false&hasHighScore=true')).toEqual(ordered('clean'));
    expect(await keys('?name=caller,peerconnection&hasHighScore=true&os=Linux')).toEqual(
      ordered('clean', 'fippo'),
    );
    expect(await keys('?hasLowScore=true&hasHighScore=true')).toEqual([]);
    expect(await keys('?observationTags=peripheral&browser=Firefox')).toEqual([]);
  });

  it('pages with limit and page', async () => {
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push(await listed(`?limit=3&page=${page}`));
    expect(pages.map((p) => [p.total, p.totalCount, p.page, p.limit, p.totalPages, p.hasMore])).toEqual([
      [3, 7, 1, 3, 3, true],
      [3, 7, 2, 3, 3, true],
      [1, 7, 3, 3, 3, false],
      [0, 7, 4, 3, 3, false],
    ]);
    expect(pages.flatMap((p) => p.data.map((s) => keyOf.get(s.callscopeId)))).toEqual(NEWEST_FIRST);

    const filtered = await listed('?browser=Chromium&limit=3&page=2');
    expect(filtered).toMatchObject({
      total: 1,
      totalCount: 4,
      page: 2,
      limit: 3,
      totalPages: 2,
      hasMore: false,
    });
    expect(filtered.data.map((s) => keyOf.get(s.callscopeId))).toEqual(
      ordered('clean', 'loss', 'iceFail', 'fippo').slice(3),
    );

    expect(await listed('?limit=1000')).toMatchObject({
      total: 7,
      limit: 1000,
      totalPages: 1,
      hasMore: false,
    });
    expect(await listed('?limit=1&page=7')).toMatchObject({ total: 1, totalPages: 7, hasMore: false });
    expect(await listed('?name=nothing')).toMatchObject({
      total: 0,
      totalCount: 0,
      totalPages: 0,
      hasMore: false,
    });
  });

  it('refuses out-of-range paging, unknown parameters and malformed filters with 400', async () => {
    for (const query of [
      '?limit=0',
      '?limit=1001',
      '?limit=-1',
      '?limit=abc',
      '?limit=1.5',
      '?page=0',
      '?page=x',
      '?sort=title',
      '?observationTags=nope',
      '?observationTags=audio,nope',
      '?hasHigh=yes',
      // Booleans, as the specification has them: true or false (1 and 0 are analyze's save only).
      '?hasHigh=1',
      '?hasMedium=0',
      '?hasLowScore=',
      '?name=a,',
      '?name=a,%20,b',
      '?fileName=,',
      '?observationFlags=%20',
      '?observationTags=audio,',
      '?observationTags=audio,%20video',
      '?name=',
      '?os=',
      `?name=${Array.from({ length: 21 }, (_, i) => `n${i}`).join(',')}`,
      `?browser=${'x'.repeat(201)}`,
    ])
      await expectError(account.fetch(`/v1.0/sessions${query}`), 400, 'invalid_request');
  });

  it('says what a flag or a page number may be, not how the schema puts it', async () => {
    const message = async (query: string) =>
      (await expectError(account.fetch(`/v1.0/sessions${query}`), 400, 'invalid_request')).body.error;
    expect(await message('?hasHigh=yes')).toBe('Invalid querystring: hasHigh must be true or false.');
    expect(await message('?page=99999999999')).toBe(
      'Invalid querystring: page must be a whole number from 1 to 1000000.',
    );
    expect(await message('?limit=0')).toBe(
      'Invalid querystring: limit must be a whole number from 1 to 1000.',
    );
    expect(await message('?observationTags=audio,nope')).toBe(
      'Invalid querystring: observationTags value "nope" must be one of connectivity, security, audio, video, datachannel, outbound, inbound, peripheral, behavior, network, configuration, cpu, bug.',
    );
    expect(await message('?name=a,,b')).toBe(
      'Invalid querystring: name value "" must be 1 to 200 characters.',
    );
    expect(await message('?name=a,%20,b')).toBe(
      'Invalid querystring: name value " " needs a character other than a space.',
    );
    expect(await message(`?name=${Array.from({ length: 21 }, (_, i) => `n${i}`).join(',')}`)).toBe(
      'Invalid querystring: name takes at most 20 values.',
    );
    expect(await message(`?os=${'x'.repeat(201)}`)).toBe(
      'Invalid querystring: os must be 1 to 200 characters.',
    );
    expect(await message('?limit=10&limit=20')).toBe(
      'Invalid querystring: limit is given 2 times; it takes one value.',
    );
    expect(await message('?browser=Chrome&browser=Firefox&browser=Edge')).toBe(
      'Invalid querystring: browser is given 3 times; it takes one value.',
    );
    // Array filters take repeated values: too many of them is not a repetition mistake.
    expect(await message(`?${Array.from({ length: 21 }, (_, i) => `name=n${i}`).join('&')}`)).not.toMatch(
      /given \d+ times/,
    );
  });

  it('refuses a mis-cased observation type with its spelling, and accepts one it does not know', async () => {
    const refused = await expectError(
      account.fetch('/v1.0/sessions?observationFlags=iceFailure,icefailure'),
      400,
      'invalid_request',
    );
    expect(refused.body.error).toBe('Unknown observation type icefailure; did you mean iceFailure?');
    // Sessions analyzed by another processor version may carry types this one does not emit.
    expect(await keys('?observationFlags=typeOfAnotherVersion')).toEqual([]);
  });
});
