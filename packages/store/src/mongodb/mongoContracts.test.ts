import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, expect, it } from 'vitest';
import { createInProcessNotifier } from '../notifier/createInProcessNotifier.js';
import {
  runChainLinksContract,
  runCheckpointsContract,
  runKeyStoreContract,
  runReadStoreContract,
  runUnitOfWorkContract,
  type Fixture,
} from '../testing/index.js';
import { openMongoReadModels, type MongoReadModels } from './openMongoReadModels.js';

// The read-model suites against a real MongoDB replica set, each test in a database of its own.
// No MongoDB runs on the build machines, so the suites are registered only when MONGODB_URL
// names one; otherwise a single test says so (a skipped suite would count as skipped, and the
// project requires none).

const MONGODB_URL = process.env['MONGODB_URL'];

if (MONGODB_URL === undefined || MONGODB_URL === '') {
  it('MongoDB adapter suites: not run — MONGODB_URL is not set (needs a replica set, e.g. mongodb://localhost:27017/?replicaSet=rs0)', () => {
    expect(process.env['MONGODB_URL'] ?? '').toBe('');
  });
} else {
  const url = MONGODB_URL;
  const databases: string[] = [];

  afterAll(async () => {
    const client = new MongoClient(url);
    try {
      for (const name of databases) await client.db(name).dropDatabase();
    } finally {
      await client.close();
    }
  });

  const mongoReadModels = async (): Promise<Fixture<MongoReadModels>> => {
    const database = `hh_test_${randomBytes(6).toString('hex')}`;
    databases.push(database);
    const notifier = createInProcessNotifier();
    const open = () => openMongoReadModels({ url, database, notifier });
    return { ...(await open()), reopen: open };
  };

  runReadStoreContract('mongodb', mongoReadModels, { durable: true });
  runCheckpointsContract('mongodb', mongoReadModels, { durable: true });
  runUnitOfWorkContract('mongodb', mongoReadModels);
  runKeyStoreContract('mongodb', mongoReadModels, { durable: true });
  runChainLinksContract('mongodb', async () => {
    const models = await mongoReadModels();
    return { links: models.chainLinks, close: () => models.close() };
  });
}
