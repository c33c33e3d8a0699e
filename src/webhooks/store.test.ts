import { postgresStorage, sqliteStorage, TEST_DATABASE_URL } from '../../test/support/databases.js';
import { webhookStoreContract } from './store.contract.js';

webhookStoreContract('SQLite', sqliteStorage);
webhookStoreContract('PostgreSQL', postgresStorage, !TEST_DATABASE_URL);
