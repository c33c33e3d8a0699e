import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { captureIo } from '../../test/support/cli-io.js';
import { fixture } from '../../test/support/fixtures.js';
import { manyReportsJitsiDump } from '../../test/support/long-jitsi.js';
import { cliCommand } from '../../test/support/processes.js';
import type { AnalyzeResponseData } from '../model/payload/analyze-response-data.js';
import { PROCESSOR_VERSION } from '../version.js';
import { ACTIONS } from './commands/admin.js';
import { invocation } from './invocation.js';
import { main } from './main.js';

/** `bytes` in pieces of `size`, as a pipe delivers them. */
function* chunksOf(bytes: Buffer, size: number): Generator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe('callscope analyze', () => {
  it('prints a readable summary of one file', async () => {
    const io = captureIo();
    const code = await main(['analyze', fixture('chromium156', 'loss', 'webrtc_internals_dump.txt')], io);
    expect(code).toBe(0);
    expect(io.stdout).toMatch(/connectivity\s+DIRECT\/UDP/);
    expect(io.stdout).toMatch(/Connections \(1\)/);
    expect(io.stdout).toMatch(/Streams \(5\)/);
    expect(io.stdout).toMatch(/opus/);
    expect(io.stdout).toMatch(/640x480/);
  });

  it('prints the scores and every observation of the payload, worst first', async () => {
    const file = fixture('chromium156', 'loss', 'webrtc_internals_dump.txt');
    const json = captureIo();
    expect(await main(['analyze', '--json', file], json)).toBe(0);
    const { data } = JSON.parse(json.stdout) as { data: AnalyzeResponseData };
    const io = captureIo();
    expect(await main(['analyze', file], io)).toBe(0);
    const scores = `experience ${Math.round(data.experienceScore)}/100 · audio ${data.audioScore!.toFixed(1)}/5`;
    expect(io.stdout).toContain(`scores        ${scores}`);
    expect(io.stdout).toMatch(/Observations \(\d+: \d+ high, \d+ low/);
    // The story first: the loss on each path, with what it did.
    expect(io.stdout.split('\n')[1]).toBe('  what happened');
    expect(io.stdout).toMatch(
      /^ {5}0:0\d {2}high {4}The network path to this client lost [\d.]+ % of its packets/m,
    );
    const section = io.stdout.slice(io.stdout.indexOf('Observations ('));
    const rows = section.split('\n').slice(3, 3 + data.observations.length);
    expect(data.observations.length).toBeGreaterThan(4);
    expect(rows.map((r) => r.trim().split(/\s+/).slice(0, 2).join(' '))).toEqual(
      data.observations.map((o) => `${o.severity} ${o.type}`),
    );
    for (const [i, o] of data.observations.entries()) expect(rows[i]).toContain(o.meaning);
  });

  it('says a call without audio or video is not scored, instead of experience 0/100', async () => {
    const io = captureIo();
    const file = fixture('chromium156', 'datachannel-only', 'webrtc_internals_dump.txt');
    expect(await main(['analyze', file], io)).toBe(0);
    expect(io.stdout).toContain(
      'scores        experience not scored (no audio or video was exchanged) · audio – · video –',
    );
    const many = captureIo();
    expect(
      await main(['analyze', file, fixture('chromium156', 'clean', 'webrtc_internals_dump.txt')], many),
    ).toBe(0);
    const lines = many.stdout.split('\n');
    const at = lines.find((l) => l.startsWith('file'))!.indexOf('score');
    // Rows in the order of the files (header and rule first).
    const score = (row: number) => lines[row + 2]!.slice(at).split(/\s+/)[0];
    expect(lines[2]).toMatch(/^datachan/);
    expect(score(0)).toBe('–');
    expect(lines[3]).toMatch(/^clean/);
    expect(score(1)).toMatch(/^\d+$/);
  });

  it('says so when a call has no observation at all', async () => {
    const io = captureIo();
    expect(await main(['analyze', fixture('rtcstats', 'rtcstats-gumonly.jsonl')], io)).toBe(0);
    expect(io.stdout).toMatch(/^Observations \(0\)$/m);
  });

  it('shows the range of resolutions a video stream had, not a last 0x0', async () => {
    // PC_1's VP8 sender went 1280x720, 640x360, 320x180, 1280x720 and was stopped (0x0) at the end.
    const io = captureIo();
    expect(await main(['analyze', fixture('jitsi', 'google-legacy-stats-multiple-pc')], io)).toBe(0);
    const sender = io.stdout.split('\n').find((l) => /PC_1\s+video\s+out\s+VP8/.test(l));
    expect(sender).toMatch(/320x180–1280x720 15 fps/);
    expect(io.stdout).not.toMatch(/0x0/);
  });

  it('counts freezes in words that agree with the number', async () => {
    const io = captureIo();
    expect(await main(['analyze', fixture('jitsi', 'safari-standard-stats')], io)).toBe(0);
    expect(io.stdout).toMatch(/320x180 22 fps 1 freeze$/m);
    expect(io.stdout).toMatch(/320x180 29 fps 6 freezes$/m);
  });

  it('prints {data, processorVersion} with --json', async () => {
    const io = captureIo();
    const code = await main(
      ['analyze', '--json', fixture('chromium156', 'relay', 'chromium_rtcstats_dump.gz')],
      io,
    );
    expect(code).toBe(0);
    const parsed = JSON.parse(io.stdout) as { data: { connectivity: string }; processorVersion: string };
    expect(parsed.data.connectivity).toBe('RELAY/UDP');
    expect(parsed.processorVersion).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('handles several files: progress, table, --out, and exit 2 for an unreadable one', async () => {
    const out = mkdtempSync(join(tmpdir(), 'callscope-cli-'));
    const io = captureIo();
    const files = [
      fixture('chromium156', 'clean', 'webrtc_internals_dump.txt'),
      fixture('jitsi', 'jvb-sample'),
      fixture('fippo', 'clienttest.json'),
    ];
    const code = await main(['analyze', ...files, '--out', out], io);
    expect(code).toBe(2);
    expect(io.stderrText).toMatch(/\[1\/3\]/);
    expect(io.stderrText).toMatch(/jvb-sample: This is a server-side/);
    expect(io.stdout).toMatch(
      /file\s+duration\s+pcs\s+path\s+streams\s+loss in\/out\s+rtt\s+score\s+observations$/m,
    );
    // ice-fail's row is not there; the clean call's ends with its score and observation count.
    // Files are named by their shortest distinct ending, not their full path.
    expect(io.stdout).toMatch(/^webrtc_in…dump\.txt .* \d+\s+\d+ \(\d+ (low|info)\)$/m);
    expect(io.stdout).not.toContain(files[0]);
    expect(io.stdout).toMatch(/unreadable/);
    expect(readdirSync(out).sort()).toEqual(['clienttest.json.json', 'webrtc_internals_dump.txt.json']);
    const written = JSON.parse(readFileSync(join(out, 'clienttest.json.json'), 'utf8')) as {
      data: { metadata: { format: string } };
    };
    expect(written.data.metadata.format).toBe('rtcstats-legacy');
  });

  it('fits the batch table in 100 columns, however deep and long the paths', async () => {
    const deep = join(
      mkdtempSync(join(tmpdir(), 'callscope-wide-')),
      'a-rather-long-directory-name',
      'x'.repeat(40),
    );
    mkdirSync(join(deep, 'loss'), { recursive: true });
    mkdirSync(join(deep, 'clean'), { recursive: true });
    const long = `webrtc_internals_dump_recorded_on_the_test_page_${'y'.repeat(30)}.txt`;
    const loss = join(deep, 'loss', long);
    const clean = join(deep, 'clean', long);
    copyFileSync(fixture('chromium156', 'loss', 'webrtc_internals_dump.txt'), loss);
    copyFileSync(fixture('chromium156', 'clean', 'webrtc_internals_dump.txt'), clean);
    const io = captureIo();
    expect(await main(['analyze', loss, clean], io)).toBe(0);
    const lines = io.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(100);
    // Cut in the middle: the directory that tells them apart and the end of the name stay.
    expect(lines[2]).toMatch(/^loss\/webr[a-z_]*…y+\.txt /);
    expect(lines[3]).toMatch(/^clean\/web[a-z_]*…y+\.txt /);
  });

  it('gates on a severity with --fail-on: 3 at or above it, 0 below, and the JSON still printed', async () => {
    // The loss call has high observations and nothing critical (see the README excerpt).
    const loss = fixture('chromium156', 'loss', 'webrtc_internals_dump.txt');
    const high = captureIo();
    expect(await main(['analyze', loss, '--json', '--fail-on', 'high'], high)).toBe(3);
    const { data } = JSON.parse(high.stdout) as { data: AnalyzeResponseData };
    const n = data.observationsCount.critical + data.observationsCount.high;
    expect(n).toBeGreaterThan(0);
    expect(high.stderrText).toContain(`${loss}: ${n} observation(s) at high or worse (--fail-on high)`);
    const critical = captureIo();
    expect(data.observationsCount.critical).toBe(0);
    expect(await main(['analyze', loss, '--fail-on', 'CRITICAL'], critical)).toBe(0);
    expect(critical.stderrText).toBe('');
  });

  it('names the failing files of a batch, and an unreadable file still exits 2', async () => {
    const loss = fixture('chromium156', 'loss', 'webrtc_internals_dump.txt');
    const gum = fixture('rtcstats', 'rtcstats-gumonly.jsonl');
    const io = captureIo();
    expect(await main(['analyze', gum, loss, '--fail-on', 'info'], io)).toBe(3);
    // The gum-only dump has no observation at all: only the loss call is named.
    expect(io.stderrText).toMatch(new RegExp(`${loss}: \\d+ observation\\(s\\) at info or worse`));
    expect(io.stderrText).not.toContain(`${gum}: 0`);
    expect(io.stderrText.match(/at info or worse/g)).toHaveLength(1);
    const bad = captureIo();
    expect(await main(['analyze', loss, fixture('jitsi', 'jvb-sample'), '--fail-on', 'info'], bad)).toBe(2);
  });

  it('refuses a --fail-on that is not a severity', async () => {
    const io = captureIo();
    const file = fixture('chromium156', 'loss', 'webrtc_internals_dump.txt');
    expect(await main(['analyze', file, '--fail-on', 'severe'], io)).toBe(2);
    expect(io.stderrText).toMatch(/--fail-on must be one of critical, high, medium, low, info/);
    expect(io.stdout).toBe('');
  });

  it('reads a dump from standard input with -, gzip included', async () => {
    const file = fixture('chromium156', 'relay', 'chromium_rtcstats_dump.gz');
    const piped = (bytes: Buffer) =>
      Object.assign(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), { isTTY: false });
    const io = Object.assign(captureIo(), { stdin: piped(readFileSync(file)) });
    expect(await main(['analyze', '-', '--json'], io)).toBe(0);
    const { data } = JSON.parse(io.stdout) as { data: AnalyzeResponseData };
    expect(data.connectivity).toBe('RELAY/UDP');
    expect(data.fileName).toBe('stdin');
    const summary = Object.assign(captureIo(), { stdin: piped(readFileSync(file)) });
    expect(await main(['analyze', '-'], summary)).toBe(0);
    expect(summary.stdout.split('\n')[0]).toBe('(standard input)');
    const bad = Object.assign(captureIo(), { stdin: piped(Buffer.from('not a dump')) });
    expect(await main(['analyze', '-'], bad)).toBe(2);
    expect(bad.stderrText).toMatch(/^\(standard input\): This is not a WebRTC dump/m);
  });

  it('reports a dump too large for the heap limit, and goes on with the next file', async () => {
    // 40 MB of jitsi polls whose stats ids never repeat: analyzing them needs more than a 64 MiB
    // heap (30 MB of them did not fit). In the analyzing process, that was a fatal abort (exit 134)
    // with no word on the file.
    const dir = mkdtempSync(join(tmpdir(), 'callscope-cli-'));
    const big = join(dir, 'long-call.ndjson');
    const bytes = manyReportsJitsiDump(40e6);
    writeFileSync(big, bytes);
    const small = fixture('jitsi', 'chrome-relay');
    const io = captureIo();
    expect(await main(['analyze', big, small, '--heap-mb', '64'], io)).toBe(2);
    expect(io.stderrText).toContain(
      `${big}: too large to analyze within the 64 MiB heap limit. Allow more with --heap-mb`,
    );
    expect(io.stdout).toMatch(/long-call\.ndjson\s+unreadable/);
    expect(io.stdout).toMatch(/chrome-relay\s+2 min 2 s/);
    // Read from standard input, the same dump meets the same limit.
    const piped = Object.assign(captureIo(), {
      stdin: Object.assign(Readable.from(chunksOf(bytes, 1 << 20)), { isTTY: false }),
    });
    expect(await main(['analyze', '-', '--heap-mb', '64'], piped)).toBe(2);
    expect(piped.stderrText).toMatch(
      /^\(standard input\): too large to analyze within the 64 MiB heap limit/m,
    );
    const low = captureIo();
    expect(await main(['analyze', small, '--heap-mb', '10'], low)).toBe(2);
    expect(low.stderrText).toBe('callscope analyze: --heap-mb must be an integer of at least 64 (MiB).\n');
  });

  it('refuses - when nothing is piped in, or when given twice', async () => {
    const tty = Object.assign(captureIo(), { stdin: Object.assign(Readable.from([]), { isTTY: true }) });
    expect(await main(['analyze', '-'], tty)).toBe(2);
    expect(tty.stderrText).toMatch(/nothing is piped in/);
    const twice = Object.assign(captureIo(), { stdin: Object.assign(Readable.from([]), { isTTY: false }) });
    expect(await main(['analyze', '-', '-'], twice)).toBe(2);
    expect(twice.stderrText).toMatch(/can be given once/);
  });

  it('keeps results of dumps with the same name apart in --out, and counts what it wrote', async () => {
    const out = mkdtempSync(join(tmpdir(), 'callscope-cli-'));
    const files = ['loss', 'clean', 'relay'].map((call) =>
      fixture('chromium156', call, 'chromium_rtcstats_dump.gz'),
    );
    const io = captureIo();
    expect(await main(['analyze', ...files, '--out', out], io)).toBe(0);
    const names = [
      'clean_chromium_rtcstats_dump.gz.json',
      'loss_chromium_rtcstats_dump.gz.json',
      'relay_chromium_rtcstats_dump.gz.json',
    ];
    expect(readdirSync(out).sort()).toEqual(names);
    expect(io.stderrText).toContain(`Wrote 3 JSON file(s) to ${out}`);
    const relay = JSON.parse(readFileSync(join(out, names[2]!), 'utf8')) as { data: AnalyzeResponseData };
    expect(relay.data.connectivity).toBe('RELAY/UDP');
  });

  it('exits 2 with a message when --out names a file, before analyzing anything', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'callscope-out-'));
    const file = join(dir, 'results');
    writeFileSync(file, '');
    const io = captureIo();
    const dump = fixture('chromium156', 'loss', 'webrtc_internals_dump.txt');
    expect(await main(['analyze', dump, '--out', file], io)).toBe(2);
    expect(io.stderrText.trim()).toBe(
      `callscope analyze: --out ${file}: not a directory (a file has that name)`,
    );
    expect(io.stdout).toBe('');
    const below = captureIo();
    expect(await main(['analyze', dump, '--out', join(file, 'sub')], below)).toBe(2);
    expect(below.stderrText).toContain(`--out ${join(file, 'sub')}: not a directory`);
  });

  it('prints an array with --json for several files, unreadable ones included', async () => {
    const files = [
      fixture('chromium156', 'relay', 'chromium_rtcstats_dump.gz'),
      fixture('jitsi', 'jvb-sample'),
    ];
    const io = captureIo();
    expect(await main(['analyze', '--json', ...files], io)).toBe(2);
    const entries = JSON.parse(io.stdout) as {
      file: string;
      data?: AnalyzeResponseData;
      kind?: string;
      error?: string;
    }[];
    expect(entries.map((e) => e.file)).toEqual(files);
    expect(entries[0]!.data!.connectivity).toBe('RELAY/UDP');
    expect(entries[1]).toMatchObject({ kind: 'unreadable', error: expect.stringMatching(/server-side/) });
  });

  it('exits 2 with a message for a missing file', async () => {
    const io = captureIo();
    expect(await main(['analyze', '/nonexistent/dump.txt'], io)).toBe(2);
    expect(io.stderrText).toMatch(/\/nonexistent\/dump\.txt: cannot open: no such file$/m);
  });

  it('says what to do when given a directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'callscope-dir-'));
    const io = captureIo();
    expect(await main(['analyze', dir], io)).toBe(2);
    expect(io.stderrText).toContain(`${dir}: cannot open: it is a directory; give the dumps in it instead`);
    // The command to copy is this CLI's, not the analysis thread's script (piscina's worker file).
    expect(io.stderrText).toContain(`(${invocation()} analyze ${dir}/*)`);
    expect(io.stderrText).not.toContain('piscina');
  });

  it('names the release and the analysis processor in --version', async () => {
    const io = captureIo();
    expect(await main(['--version'], io)).toBe(0);
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(io.stdout.trim()).toBe(`callscope ${pkg.version} (processor ${PROCESSOR_VERSION})`);
  });

  it('exits 2 on usage errors and 0 on help', async () => {
    expect(await main(['analyze'], captureIo())).toBe(2);
    expect(await main(['frobnicate'], captureIo())).toBe(2);
    const io = captureIo();
    expect(await main(['--help'], io)).toBe(0);
    expect(io.stdout).toMatch(/Usage: callscope/);
    const unknown = captureIo();
    expect(await main(['help', 'bogus'], unknown)).toBe(2);
    expect(unknown.stderrText).toMatch(/^callscope help: unknown command "bogus"/);
    const known = captureIo();
    expect(await main(['help', 'analyze'], known)).toBe(0);
    expect(known.stdout).toMatch(/^Usage: callscope analyze/);
  });

  it('names every administration command the dispatcher accepts, in the summary and the usage', async () => {
    const io = captureIo();
    expect(await main(['--help'], io)).toBe(0);
    // The summary's entries: a line indented by two spaces, and its continuation lines.
    const summary = io.stdout.slice(io.stdout.indexOf('Commands:'), io.stdout.indexOf('Options:'));
    const entries = summary.split(/\n(?= {2}\S)/);
    for (const [group, actions] of Object.entries(ACTIONS)) {
      const entry = entries.find((e) => e.startsWith(`  ${group} `)) ?? '';
      for (const action of actions) {
        expect({ group, action, named: new RegExp(`\\b${action}\\b`).test(entry) }).toMatchObject({
          named: true,
        });
        // Every administration command takes --json (their options are shared).
        const usage = io.stdout.split('\n').find((l) => l.trim().startsWith(`callscope ${group} ${action} `));
        expect({ group, action, usage }).toMatchObject({ usage: expect.stringContaining('[--json]') });
      }
    }
  });

  it('refuses an unknown option of every command that parses options alike: its name, the usage, exit 2', async () => {
    const analyze = captureIo();
    expect(await main(['analyze', 'x', '--bogus'], analyze)).toBe(2);
    expect(analyze.stderrText).toBe(
      'callscope analyze: unknown option --bogus\n' +
        'Usage: callscope analyze FILE... [--json] [--out DIR] [--points N] [--fail-on SEVERITY] [--heap-mb N]\n' +
        'Run "callscope analyze --help" for every option.\n',
    );
    for (const command of ['migrate', 'doctor', 'housekeeping', 'accounts', 'tokens', 'credits']) {
      const io = captureIo();
      expect({ command, code: await main([command, '--bogus'], io) }).toEqual({ command, code: 2 });
      expect(io.stderrText).toMatch(
        new RegExp(`^callscope ${command}: unknown option --bogus\\nUsage:\\s+callscope ${command} `),
      );
      expect(io.stderrText).not.toContain("'--");
    }
    const revoke = captureIo();
    expect(await main(['tokens', 'revoke', 'id', '--bogus'], revoke)).toBe(2);
    expect(revoke.stderrText).toContain('\nUsage: callscope tokens revoke TOKEN_ID [--json]\n');
  });
});

describe('callscope as a process', () => {
  it('stops quietly when the reader of its output goes away (analyze --json | head)', async () => {
    const { args } = cliCommand('dist');
    const child = spawn(
      process.execPath,
      [...args, 'analyze', '--json', fixture('jitsi', 'chrome-standard-multiple-p2p')],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    // Read the first bytes, then close the pipe as `head -c` does.
    await new Promise<void>((done) => child.stdout.once('data', () => done()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((done) => child.once('exit', (c) => done(c)));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  }, 60_000);
});
