import { postgresStorage, TEST_DATABASE_URL } from '../../../test/support/databases.js';
import { storageContract } from '../storage.contract.js';

storageContract('PostgreSQL', postgresStorage, !TEST_DATABASE_URL);
