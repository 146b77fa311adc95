/**
 * @hyperhook/store — ports (small interfaces the roles depend on) and their adapters: the
 * embedded SQLite store and PostgreSQL here, KurrentDB + MongoDB in `@hyperhook/store/kurrentmongo`. Contract test suites for
 * new adapters live in `@hyperhook/store/testing`.
 */
export type { JsonObject, JsonPrimitive, JsonValue } from './ports/json.js';
export { START_POSITION, type EventMetadata, type GlobalPosition, type NewEvent, type RecordedEvent, type RecordedEventOf } from './ports/events.js';
export type { AppendOptions, AppendResult, EventStore, ExpectedVersion, ReadAllOptions, ReadStreamOptions, StreamAppend } from './ports/EventStore.js';
export type { EventFilter, SubscribeToAllOptions, Subscription, SubscriptionBatch } from './ports/Subscription.js';
export { EVENTS_APPENDED_CHANNEL, type EventsAppendedMessage } from './ports/eventsAppendedChannel.js';
export { WrongExpectedVersionError, isWrongExpectedVersionError } from './ports/WrongExpectedVersionError.js';
export { DuplicateEventIdError, isDuplicateEventIdError } from './ports/DuplicateEventIdError.js';
export { StoreUnavailableError, isStoreUnavailableError, asStoreUnavailable, type StoreUnavailableReason } from './ports/StoreUnavailableError.js';
export type { DocumentQuery, ReadDocument, ReadStore, ReadStoreGenerations, SortOrder } from './ports/ReadStore.js';
export type { Checkpoints } from './ports/Checkpoints.js';
export type { PendingNotification, ProjectionBatch, ProjectionBatchResult, ReadModelChange, UnitOfWork } from './ports/UnitOfWork.js';
export type { Notifier, NotifierHandler, NotifierMessage, Unsubscribe } from './ports/Notifier.js';
export type { KeyStore } from './ports/KeyStore.js';
export type { StorePorts } from './ports/StorePorts.js';
export type { ChainLink, EventChain } from './ports/EventChain.js';
export { createInProcessNotifier, type InProcessNotifierOptions } from './notifier/createInProcessNotifier.js';
export { createThreadNotifier, type ThreadNotifier } from './notifier/createThreadNotifier.js';
export { matchChannel } from './notifier/matchChannel.js';
export { userChannel } from './notifier/userChannel.js';
export { createNatsNotifier, type NatsNotifier, type NatsNotifierOptions } from './nats/createNatsNotifier.js';
export { startPartitionLeases, type PartitionLeaseOptions, type PartitionLeases } from './nats/startPartitionLeases.js';
export { startCatchUpSubscription, type CatchUpSource } from './subscription/startCatchUpSubscription.js';
export { openSqliteStore, type SqliteStore, type SqliteStoreOptions } from './sqlite/openSqliteStore.js';
export { backupSqliteStore, type SqliteBackupOptions } from './sqlite/backupSqliteStore.js';
export { openSqliteStoreCopy, type SqliteStoreCopy } from './sqlite/openSqliteStoreCopy.js';
export { openPgStore, type PgStore, type PgStoreOptions } from './postgres/openPgStore.js';
export { createPgNotifier, type PgNotifier, type PgNotifierOptions } from './postgres/createPgNotifier.js';
export {
  importEventLog,
  readSqliteCheckpoints,
  readSqliteKeys,
  type CheckpointRow,
  type ImportEventLogOptions,
  type ImportEventLogResult,
  type WrappedKeyRow,
} from './postgres/importEventLog.js';
export { assertSchemaName } from './postgres/pgIdentifiers.js';
export { copyEventLog, type CopyEventLogOptions, type CopyEventLogResult, type CopyTarget } from './migration/copyEventLog.js';
export type { SqliteSynchronous } from './sqlite/openSqliteDatabase.js';
export { DEFAULT_SORT_FIELDS } from './sqlite/ensureSortIndexes.js';
export { timeOrderedId } from './ids/timeOrderedId.js';
export { spawnModuleWorker } from './threads/spawnModuleWorker.js';
export { nameThisThread } from './threads/nameThisThread.js';
export { lowerThisThreadPriority } from './threads/lowerThisThreadPriority.js';
export { HEAP_REPORT_MS, thisThreadHeap, type ThreadHeap } from './threads/thisThreadHeap.js';
export { canonicalEvent, chainHash, GENESIS_HASH, type ChainedEvent } from './chain/eventChainHash.js';
export { ChainWalk, type ChainBreak, type ChainHead } from './chain/chainWalk.js';
export { createFollowedEventChain } from './chain/followedEventChain.js';
export type { ChainLinks } from './ports/ChainLinks.js';
