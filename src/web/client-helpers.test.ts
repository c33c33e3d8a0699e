import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withinHangBound } from '../../test/support/hang-bound.js';
import { ratedExperience } from '../model/payload/rated-experience.js';
import { scoreBand } from '../service/projections.js';
import { emptyConnectionNote } from './client/connection-note.js';
import { commaList, count, dtlsVersion, words } from './client/format.js';
import { experience } from './client/scores.js';

/** The viewer's pure helpers (no DOM): they run here as they do in the browser. */
describe('viewer helpers', () => {
  it('writes a list filter as the API takes it: comma-separated values, none empty', () => {
    expect(commaList(' meet, ,call, ')).toBe('meet,call');
    expect(commaList('iceFailure,')).toBe('iceFailure');
    expect(commaList(' , ')).toBe('');
  });

  it('names DTLS versions from their codes, and keeps a code it does not know', () => {
    expect(dtlsVersion('FEFD')).toBe('DTLS 1.2');
    expect(dtlsVersion('FEFC')).toBe('DTLS 1.3');
    expect(dtlsVersion('feff')).toBe('DTLS 1.0');
    expect(dtlsVersion('0xFEFD')).toBe('DTLS 1.2');
    expect(dtlsVersion('FEFE')).toBe('FEFE');
  });

  it('turns camelCase into words as it did with the quadratic pattern, in linear time', () => {
    expect(words('networkAudioLossIn')).toBe('Network audio loss in');
    expect(words('HTTPServerRTT')).toBe('Http server rtt');
    const old = (key: string) =>
      key
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
        .toLowerCase();
    const key = fc
      .array(fc.constantFrom('A', 'B', 'a', 'b', '0', ' '), { maxLength: 12 })
      .map((c) => c.join(''));
    fc.assert(
      fc.property(key, (k) => {
        const o = old(k);
        expect(words(k)).toBe(o.charAt(0).toUpperCase() + o.slice(1));
      }),
      { numRuns: 3000 },
    );
    expect(withinHangBound(() => words(`${'A'.repeat(300_000)}\0AAa`))).toHaveLength(300_005);
  });

  it('counts with a singular for one', () => {
    expect(count(0, 'stream')).toBe('0 streams');
    expect(count(1, 'stream')).toBe('1 stream');
    expect(count(5, 'stream')).toBe('5 streams');
  });

  it('does not score the experience of a call without audio or video', () => {
    expect(experience({ experienceScore: 0, audioScore: null, videoScore: null })).toEqual({
      text: 'not scored (no audio or video was exchanged)',
      band: 'unrated',
    });
    expect(experience({ experienceScore: 0, audioScore: 1.2, videoScore: null })).toEqual({
      text: '0 / 100',
      band: 'low',
    });
    expect(experience({ experienceScore: 85, audioScore: null, videoScore: 4.1 }).band).toBe('high');
    expect(experience({ experienceScore: 60, audioScore: 3, videoScore: 3 }).band).toBe('medium');
  });

  it('bands the experience as the sessions list does (the viewer keeps its own copy of the rule)', () => {
    for (const audioScore of [null, 3.2])
      for (const experienceScore of [0, 59.99, 60, 79.99, 80, 100]) {
        const d = { experienceScore, audioScore, videoScore: null };
        expect(experience(d).band, `${experienceScore} ${audioScore}`).toBe(scoreBand(ratedExperience(d)));
      }
  });

  it('says why a connection has nothing to chart', () => {
    const pc = { connected: false, failed: true, hasStatistics: false };
    expect(emptyConnectionNote(pc, true)).toBeNull();
    expect(emptyConnectionNote(pc, false)).toBe('Never connected (it failed): no statistics were recorded.');
    expect(emptyConnectionNote({ ...pc, failed: false }, false)).toBe(
      'Never connected: no statistics were recorded.',
    );
    expect(emptyConnectionNote({ connected: false, failed: false, hasStatistics: true }, false)).toBe(
      'Never connected: no media to chart.',
    );
    expect(emptyConnectionNote({ connected: true, failed: false, hasStatistics: true }, false)).toBe(
      'No media on this connection.',
    );
    expect(emptyConnectionNote({ connected: true, failed: false, hasStatistics: false }, false)).toBe(
      'No statistics were recorded on this connection.',
    );
  });
});
