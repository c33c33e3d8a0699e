import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test/support/fixtures.js';
import { runTask } from './run-task.js';

const DUMP = fixture('chromium156', 'loss', 'webrtc_internals_dump.txt');
const dir = mkdtempSync(join(tmpdir(), 'run-task-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the analysis task (the worker entry runs it)', () => {
  it('gives the same payload as an object (CLI) and as JSON serialized once (service)', async () => {
    const identity = { id: 'x', created_at: null, uploaded_by: null, uploaded_by_email: null };
    const object = await runTask({ form: 'object', path: DUMP, identity });
    const json = await runTask({ form: 'json', path: DUMP, identity, store: true });
    if (!object.ok || !json.ok) throw new Error('the fixture was not analyzed');
    expect(JSON.parse(json.parts.json)).toEqual(JSON.parse(JSON.stringify(object.parts.data)));
    expect(gunzipSync(json.parts.gzip!).toString('utf8')).toBe(json.parts.json);
    expect(json.parts.facts.title).toBe(object.parts.data.title);
    expect(json.parts.processorVersion).toBe(object.parts.processorVersion);
  }, 60_000);

  it("tells the dump's problems from files it cannot open and from its own failures", async () => {
    const garbage = join(dir, 'garbage.txt');
    writeFileSync(garbage, 'not a dump at all\n');
    const refused = await runTask({ form: 'json', path: garbage });
    expect(refused.ok || refused.problem.kind).toBe('unreadable');
    const missing = await runTask({ form: 'object', path: join(dir, 'missing.txt') });
    expect(missing.ok || missing.problem).toEqual({ kind: 'unopenable', message: 'no such file' });
    const none = await runTask({ form: 'object' });
    expect(none.ok || none.problem.kind).toBe('internal');
  }, 60_000);
});
