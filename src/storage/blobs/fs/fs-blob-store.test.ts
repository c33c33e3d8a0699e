import { rmSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../../test/support/databases.js';
import { blobStoreContract } from '../blob-store.contract.js';
import { FsBlobStore } from './fs-blob-store.js';

blobStoreContract('filesystem', async () => {
  const dir = tempDir('callscope-blobs-');
  return { store: new FsBlobStore(dir), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
});

describe('filesystem blob store', () => {
  it('a blob removed between get and its reader fails the read, not the process', async () => {
    const dir = tempDir('callscope-blobs-');
    try {
      const store = new FsBlobStore(dir);
      await store.put('d/x', new TextEncoder().encode('dump'));
      // The order of a download whose session is deleted meanwhile: the file goes before the open.
      const stream = await store.get('d/x');
      rmSync(`${dir}/d/x`);
      await tick();
      await new Promise((r) => setTimeout(r, 20));
      await expect(text(stream)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
