/**
 * @hyperhook/store/kurrentmongo — the KurrentDB + MongoDB adapters, apart from the package's main
 * entry: their drivers take about half a second to load, which every process (and each of its
 * role threads) on the embedded or PostgreSQL store would otherwise pay at start for nothing.
 */
export { openKurrentEventStore, type KurrentEventStore, type KurrentEventStoreOptions } from '../kurrentdb/openKurrentEventStore.js';
export { MultiStreamAppendUnsupportedError } from '../kurrentdb/kurrentAppendErrors.js';
export { openKurrentCopyTarget, type KurrentCopyTarget } from '../kurrentdb/openKurrentCopyTarget.js';
export { openMongoReadModels, type MongoReadModels, type MongoReadModelsOptions } from '../mongodb/openMongoReadModels.js';
export { mongoDatabaseOf, openKurrentMongoStore, type KurrentMongoStore, type KurrentMongoStoreOptions } from './openKurrentMongoStore.js';
