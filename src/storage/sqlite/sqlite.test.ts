import { sqliteStorage } from '../../../test/support/databases.js';
import { storageContract } from '../storage.contract.js';

storageContract('SQLite', sqliteStorage);
