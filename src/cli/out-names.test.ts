import { describe, expect, it } from 'vitest';
import { outputNames, tableNames } from './out-names.js';

describe('outputNames', () => {
  it('is the file name when it is unique', () => {
    expect(outputNames(['dumps/a.txt', 'other/b.gz', '-'])).toEqual([
      'a.txt.json',
      'b.gz.json',
      'stdin.json',
    ]);
  });

  it('keeps as much of the path as tells files of the same name apart', () => {
    expect(
      outputNames(['f/loss/chromium.gz', 'f/clean/chromium.gz', 'f/clean/x.txt', 'g/clean/x.txt']),
    ).toEqual([
      'loss_chromium.gz.json',
      'clean_chromium.gz.json',
      'f_clean_x.txt.json',
      'g_clean_x.txt.json',
    ]);
  });

  it('gives the same file the same name, and a counter to what still clashes', () => {
    expect(outputNames(['a/x.txt', './a/x.txt'])).toEqual(['x.txt.json', 'x.txt.json']);
    expect(outputNames(['a_x.txt', 'a/x.txt', 'b/x.txt'])).toEqual([
      'a_x.txt.json',
      'a_x.txt-2.json',
      'b_x.txt.json',
    ]);
  });
});

describe('tableNames', () => {
  it('is the shortest path ending that tells the files apart, standard input as stdin', () => {
    expect(tableNames(['/home/u/dumps/loss/dump.gz', '/home/u/dumps/clean/dump.gz', 'x.txt', '-'])).toEqual([
      'loss/dump.gz',
      'clean/dump.gz',
      'x.txt',
      'stdin',
    ]);
  });
});
