import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { optionProblem, refusal, usageLines } from './option-problem.js';

/** The error parseArgs throws for `args`. */
function refused(args: string[], allowPositionals = true): unknown {
  try {
    parseArgs({
      args,
      allowPositionals,
      strict: true,
      options: { out: { type: 'string', short: 'o' }, json: { type: 'boolean' } },
    });
  } catch (error) {
    return error;
  }
  throw new Error(`parseArgs accepted ${args.join(' ')}`);
}

describe('optionProblem', () => {
  it('says what parseArgs refused in words, without its quoting of \'-- "--bogus"\'', () => {
    expect(optionProblem(refused(['x', '--bogus']))).toBe('unknown option --bogus');
    expect(optionProblem(refused(['--bogus=1']))).toBe('unknown option --bogus');
    expect(optionProblem(refused(['-x']))).toBe('unknown option -x');
    expect(optionProblem(refused(['--out']))).toBe('--out needs a value');
    expect(optionProblem(refused(['-o']))).toBe('--out needs a value');
    expect(optionProblem(refused(['--out', '--json']))).toBe('--out needs a value');
    expect(optionProblem(refused(['--json=1']))).toBe('--json takes no value');
    expect(optionProblem(refused(['x'], false))).toBe(
      'unexpected argument x (this command takes options only)',
    );
  });

  it('passes any other error on as it is', () => {
    expect(optionProblem(new Error('something else'))).toBe('something else');
  });
});

describe('refusal', () => {
  it('names the command and the problem, then gives its usage and where the options are told', () => {
    expect(
      refusal('analyze', refused(['--bogus']), usageLines('Usage: callscope analyze FILE...\n\nMore.')),
    ).toBe(
      'callscope analyze: unknown option --bogus\nUsage: callscope analyze FILE...\nRun "callscope analyze --help" for every option.',
    );
    expect(
      refusal('tokens', refused(['--bogus']), ['callscope tokens create', 'callscope tokens list']),
    ).toBe(
      'callscope tokens: unknown option --bogus\nUsage:\n  callscope tokens create\n  callscope tokens list\nRun "callscope tokens --help" for every option.',
    );
  });
});
