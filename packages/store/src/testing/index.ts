/**
 * Contract test suites (vitest) that every adapter of the store ports must pass. Not part of the
 * build: import from test files only.
 */
export type {
  CheckpointsPorts,
  Closable,
  EventStorePorts,
  Fixture,
  FixtureFactory,
  KeyStorePorts,
  NotifierPorts,
  ReadStorePorts,
  UnitOfWorkPorts,
} from './fixtures.js';
export { eventsWithIds, isStrictlyIncreasing, positionsOf, someEvents, waitFor } from './helpers.js';
export { runEventStoreContract, type EventStoreCapabilities } from './runEventStoreContract.js';
export { runEventStoreSubscriptionContract } from './runEventStoreSubscriptionContract.js';
export { runReadStoreContract } from './runReadStoreContract.js';
export { runCheckpointsContract } from './runCheckpointsContract.js';
export { runUnitOfWorkContract } from './runUnitOfWorkContract.js';
export { runNotifierContract } from './runNotifierContract.js';
export { runKeyStoreContract } from './runKeyStoreContract.js';
export { mainThreadNice, niceOf, niceOfThreadsNamed } from '../threads/testing/threadNiceness.js';
export { natsServerBinary, startNatsServer, type TestNatsServer } from '../nats/testing/startNatsServer.js';
export { runChainLinksContract } from './runChainLinksContract.js';
export { linksHeldInMemory } from './linksHeldInMemory.js';
