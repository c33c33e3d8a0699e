import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { expect, it } from 'vitest';
import { newInstanceId, ownerGone } from './instance.js';

it('tells a process of this host that is gone from one that may still run', async () => {
  const self = newInstanceId();
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
  await new Promise((r) => child.once('spawn', r));
  const alive = `${hostname()}/${child.pid}/x`;
  expect(ownerGone(alive, self)).toBe(false);
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  expect(ownerGone(alive, self)).toBe(true);
  // Itself; another service of this same process; another host; a name it cannot read.
  expect(ownerGone(self, self)).toBe(false);
  expect(ownerGone(newInstanceId(), self)).toBe(false);
  expect(ownerGone(`not-${hostname()}/${child.pid}/x`, self)).toBe(false);
  for (const odd of ['', 'garbage', `${hostname()}/0/x`, `${hostname()}/-1/x`, `${hostname()}/1.5/x`])
    expect(ownerGone(odd, self), odd).toBe(false);
});
