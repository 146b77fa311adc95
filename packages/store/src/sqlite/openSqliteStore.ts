import type { MessagePort } from 'node:worker_threads';
import { createInProcessNotifier } from '../notifier/createInProcessNotifier.js';
import { isThreadNotifier } from '../notifier/createThreadNotifier.js';
import { EVENTS_APPENDED_CHANNEL, mergeAppendedNotices, type EventsAppendedMessage } from '../ports/eventsAppendedChannel.js';
import type { Notifier } from '../ports/Notifier.js';
import type { StorePorts } from '../ports/StorePorts.js';
import { prepareCheckpointOperations } from './checkpointOperations.js';
import { createInlineWriter } from './createInlineWriter.js';
import { createPortWriter } from './createPortWriter.js';
import { createSqliteCheckpoints } from './createSqliteCheckpoints.js';
import { createSqliteEventChain } from './readEventChain.js';
import { createSqliteEventStore } from './createSqliteEventStore.js';
import { createSqliteKeyStore } from './createSqliteKeyStore.js';
import { createSqliteReadStore } from './createSqliteReadStore.js';
import { createWriterUnitOfWork } from '../writer/createWriterUnitOfWork.js';
import { prepareDocumentOperations } from './documentOperations.js';
import { DEFAULT_SORT_FIELDS, ensureSortIndexes } from './ensureSortIndexes.js';
import { migrateSqliteSchema } from './migrateSqliteSchema.js';
import { closeSqliteDatabase, openSqliteDatabase, type SqliteSynchronous } from './openSqliteDatabase.js';
import { startWalCheckpointer, type WalCheckpointer } from './startWalCheckpointer.js';
import { startWriterThread } from './startWriterThread.js';
import type { ThreadHeap } from '../threads/thisThreadHeap.js';
import type { StoreWriter } from '../writer/writeOperations.js';

/** Options of openSqliteStore. */
export type SqliteStoreOptions = {
  /** Path of the store file, or ':memory:' (tests; one connection only). */
  readonly file: string;
  /** Default 'FULL': an acknowledged append survives power loss (see README for the measurements). */
  readonly synchronous?: SqliteSynchronous;
  /** How long a write waits for another process's write lock, default 5000 ms (writes wait without blocking the event loop). */
  readonly busyTimeoutMs?: number;
  /** How often idle subscriptions poll the head for other processes' appends, default 25 ms. */
  readonly pollIntervalMs?: number;
  /** Top-level data fields to index for per-user sorted queries, default receivedAt and updatedAt. */
  readonly sortFields?: readonly string[];
  /** Default: a new in-process notifier. Pass a NATS notifier to wake other processes at once. */
  readonly notifier?: Notifier;
  /** Source of `recordedAt` and bookkeeping timestamps, default Date.now. */
  readonly clock?: () => number;
  /**
   * Copy WAL frames into the database file from a background thread, default true for a file
   * (see startWalCheckpointer); false leaves all of it to SQLite's autocheckpoint.
   */
  readonly backgroundCheckpoints?: boolean;
  /** Where a failure of the checkpointer thread is reported (commits then checkpoint alone), default console.error. */
  readonly onCheckpointerFailure?: (error: Error) => void;
  /**
   * Commit writes on a worker thread with its own connection, default true for a file (see
   * startWriterThread); false commits them on this thread's event loop. In-memory stores always
   * write inline: a second connection could not see them.
   */
  readonly writerThread?: boolean;
  /**
   * Write through another thread's store writer (its `shareWriter()`), instead of a writer of
   * this store's own: the roles on threads of one process then commit together.
   */
  readonly writerPort?: MessagePort;
  /** With `writerPort`: called once if that writer goes away while this store is open (its writes are refused from then on). */
  readonly onWriterGone?: (error: Error) => void;
};

/** All ports on one SQLite file and one connection. */
export interface SqliteStore extends StorePorts {
  /** The file the store was opened on. */
  readonly file: string;
  /**
   * A port for another thread's store to write through this store's writer thread (its
   * `writerPort` option); undefined when this store has no writer thread (in memory, inline, or
   * itself writing through a port).
   */
  shareWriter(): MessagePort | undefined;
  /** The writer thread's heap as it last reported it; undefined without a writer thread of its own. */
  writerHeap(): ThreadHeap | undefined;
}

/**
 * Opens (creating and migrating if needed) the single store file holding events, streams,
 * read-model documents, checkpoints and keys, and returns every port on one connection.
 * One file because SQLite transactions across ATTACHed WAL databases are not atomic as a set,
 * and the projection unit of work needs docs + checkpoint in one transaction.
 */
export async function openSqliteStore(options: SqliteStoreOptions): Promise<SqliteStore> {
  const clock = options.clock ?? Date.now;
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  const synchronous = options.synchronous ?? 'FULL';
  const db = openSqliteDatabase({ file: options.file, synchronous, busyTimeoutMs });
  try {
    migrateSqliteSchema(db, clock);
    ensureSortIndexes(db, options.sortFields ?? DEFAULT_SORT_FIELDS);
  } catch (error) {
    db.close();
    throw error;
  }

  const notifier = options.notifier ?? createInProcessNotifier();
  // A commit's events go with its notice only within the process: over a message bus (NATS) they
  // would be copies of the log outside the data directory, so other processes read them instead.
  const sharesEvents = options.notifier === undefined || isThreadNotifier(notifier);
  // One notice per turn of the event loop: a notice that crosses threads or processes costs a
  // message per listener. Merged, it still says which types were appended when the commits of the
  // turn follow each other (mergeAppendedNotices).
  let announcing: EventsAppendedMessage | undefined;
  const announce = (appended: EventsAppendedMessage): void => {
    if (announcing !== undefined) {
      announcing = mergeAppendedNotices(announcing, appended);
      return;
    }
    announcing = appended;
    setImmediate(() => {
      const message = announcing ?? appended;
      announcing = undefined;
      notifier.publish(EVENTS_APPENDED_CHANNEL, sharesEvents ? message : withoutEvents(message));
    });
  };
  const writer: StoreWriter =
    options.writerPort !== undefined
      ? createPortWriter(options.writerPort, { onAppended: announce, ...(options.onWriterGone ? { onGone: options.onWriterGone } : {}) })
      : options.writerThread === false || db.memory
        ? createInlineWriter(db, { busyTimeoutMs, onAppended: announce })
        : startWriterThread(
            { file: options.file, synchronous, busyTimeoutMs, ...(isThreadNotifier(notifier) ? { noticeChannel: notifier.broadcastChannel } : {}) },
            { onAppended: announce },
          );
  const docs = prepareDocumentOperations(db);
  const events = createSqliteEventStore(db, { writer, notifier, clock, pollIntervalMs: options.pollIntervalMs ?? 25 });
  const checkpointer = options.backgroundCheckpoints === false || db.memory ? undefined : startBackgroundCheckpoints(options);
  let closing: Promise<void> | undefined;

  return {
    backend: 'sqlite',
    file: options.file,
    eventStore: events.eventStore,
    readStore: createSqliteReadStore(docs, writer),
    checkpoints: createSqliteCheckpoints(prepareCheckpointOperations(db), writer, clock),
    unitOfWork: createWriterUnitOfWork(writer, notifier, clock),
    notifier,
    keyStore: createSqliteKeyStore(db, writer, clock),
    chain: createSqliteEventChain(db),
    shareWriter: () => writer.share?.(),
    writerHeap: () => writer.heap?.(),
    close() {
      closing ??= (async () => {
        await events.close();
        await writer.close();
        await checkpointer?.stop();
        closeSqliteDatabase(db);
      })();
      return closing;
    },
  };
}

/** Starts the checkpointer thread; SQLite's autocheckpoint stays on as the bound on the WAL. */
function startBackgroundCheckpoints(options: SqliteStoreOptions): WalCheckpointer {
  const report = options.onCheckpointerFailure ?? ((error: Error) => console.error('sqlite store: WAL checkpointer failed; commits checkpoint alone', error));
  return startWalCheckpointer({ file: options.file, onFailure: report });
}

/** The notice without the events it carries. */
function withoutEvents({ events: _events, ...notice }: EventsAppendedMessage): EventsAppendedMessage {
  return notice;
}
