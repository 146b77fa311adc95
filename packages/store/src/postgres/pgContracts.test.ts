import { afterAll } from 'vitest';
import {
  runCheckpointsContract,
  runEventStoreContract,
  runKeyStoreContract,
  runNotifierContract,
  runReadStoreContract,
  runUnitOfWorkContract,
  type Fixture,
} from '../testing/index.js';
import { createPgNotifier } from './createPgNotifier.js';
import { openPgStore, type PgStore } from './openPgStore.js';
import { dropSchemas, freshSchemaName, TEST_DATABASE_URL } from './testing/testPostgres.js';

// Every port suite against the real PostgreSQL server, each test in a schema of its own.

const schemas: string[] = [];
afterAll(() => dropSchemas(schemas));

async function pgStore(): Promise<Fixture<PgStore>> {
  const schema = freshSchemaName();
  schemas.push(schema);
  const open = () => openPgStore({ url: TEST_DATABASE_URL, schema, poolSize: 4, pollIntervalMs: 20 });
  return { ...(await open()), reopen: open };
}

runEventStoreContract('postgres', pgStore, { contiguousPositions: true, durable: true, announcesAppends: true });
runReadStoreContract('postgres', pgStore, { durable: true });
runCheckpointsContract('postgres', pgStore, { durable: true });
runUnitOfWorkContract('postgres', pgStore);
runKeyStoreContract('postgres', pgStore, { durable: true });

runNotifierContract('postgres LISTEN/NOTIFY', async () => {
  const schema = freshSchemaName();
  const notifier = await createPgNotifier({ url: TEST_DATABASE_URL, schema, onHandlerError: () => undefined });
  return { notifier, close: () => notifier.close() };
});
