import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { captureIo } from '../../test/support/cli-io.js';
import { fixture } from '../../test/support/fixtures.js';
import { main } from './main.js';

// The README shows what `analyze` prints for the loss call; a newcomer compares it with what they
// get, so every line it quotes must still be a line of that output.
describe('the README excerpt of callscope analyze', () => {
  it('quotes lines that analyze still prints for the loss call', async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const block = /What `analyze` prints for one file[\s\S]*?```text\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBeDefined();
    const quoted = block!.split('\n').filter((line) => line.trim() !== '' && line.trim() !== '...');
    expect(quoted.length).toBeGreaterThan(4);
    const io = captureIo();
    expect(await main(['analyze', fixture('chromium156', 'loss', 'webrtc_internals_dump.txt')], io)).toBe(0);
    const printed = new Set(io.stdout.split('\n').map((line) => line.trimEnd()));
    for (const line of quoted) expect(printed, line).toContain(line.trimEnd());
  });
});
