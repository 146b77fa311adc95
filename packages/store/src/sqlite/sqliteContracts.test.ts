import { afterAll } from 'vitest';
import { createInProcessNotifier } from '../notifier/createInProcessNotifier.js';
import {
  runCheckpointsContract,
  runEventStoreContract,
  runKeyStoreContract,
  runNotifierContract,
  runReadStoreContract,
  runUnitOfWorkContract,
  type Fixture,
} from '../testing/index.js';
import { openSqliteStore, type SqliteStore } from './openSqliteStore.js';
import { tempStoreFile } from './testing/tempStoreFile.js';

// Every port suite runs twice: on ':memory:' (fast, no reopen) and on a temp file (WAL, reopen).

async function memoryStore(): Promise<Fixture<SqliteStore>> {
  return openSqliteStore({ file: ':memory:' });
}

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((cleanup) => cleanup()));

async function fileStore(): Promise<Fixture<SqliteStore>> {
  const { file, cleanup } = tempStoreFile();
  cleanups.push(cleanup); // after all tests: a test may close and reopen the same file
  const open = () => openSqliteStore({ file, pollIntervalMs: 10 });
  return { ...(await open()), reopen: open };
}

for (const [name, factory, durable] of [
  ['sqlite :memory:', memoryStore, false],
  ['sqlite file', fileStore, true],
] as const) {
  runEventStoreContract(name, factory, { contiguousPositions: true, durable, announcesAppends: true });
  runReadStoreContract(name, factory, { durable });
  runCheckpointsContract(name, factory, { durable });
  runUnitOfWorkContract(name, factory);
  runKeyStoreContract(name, factory, { durable });
}

runNotifierContract('in-process', async () => ({
  notifier: createInProcessNotifier({ onHandlerError: () => undefined }),
  close: async () => undefined,
}));
