import { rmSync } from 'node:fs';
import { tempDir } from '../../../../test/support/databases.js';
import { blobStoreContract } from '../blob-store.contract.js';
import { FsBlobStore } from './fs-blob-store.js';

blobStoreContract('filesystem', async () => {
  const dir = tempDir('callscope-blobs-');
  return { store: new FsBlobStore(dir), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
});
