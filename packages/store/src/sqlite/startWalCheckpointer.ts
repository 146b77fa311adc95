import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Options of the background checkpointer. */
export type WalCheckpointerOptions = {
  /** The store file (WAL mode). */
  readonly file: string;
  /** How often the WAL is checkpointed while it grows, default 5 ms (measured in bench/README.md: 20 ms and 250 ms left longer stalls). */
  readonly intervalMs?: number;
  /** The slowest rate, reached while the WAL does not change, default 200 ms. */
  readonly idleIntervalMs?: number;
  /** Called when the thread fails (SQLite's own autocheckpoint still bounds the WAL). */
  readonly onFailure: (error: Error) => void;
};

/** A running checkpointer thread. */
export type WalCheckpointer = {
  /** Stops the thread after its checkpoint in progress (idempotent). */
  stop(): Promise<void>;
};

/**
 * Runs in the thread (CommonJS, so it needs no TypeScript loader): its own connection copies
 * committed WAL frames into the database file with PASSIVE checkpoints, which never block writers.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
// Named for top -H and the product benchmark (see nameThisThread).
try { require('node:fs').writeFileSync('/proc/thread-self/comm', 'hyperhook-wal'); } catch {}
// Lowest priority (as lowerThisThreadPriority): nothing waits for this thread, and when it falls
// behind, each checkpoint copies a hot page once for more commits and the commit-time checkpoint
// still bounds the WAL (A/B in bench/README.md, runs of 2026-11-27).
try { require('node:os').setPriority(Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()), 19); } catch {}
// SqliteError loses its message when cloned to the parent thread; a plain Error keeps it.
const plain = (error) => new Error(\`\${error && error.code}: \${error && error.message}\`);
let db;
try {
  db = new Database(workerData.file, { fileMustExist: true });
} catch (error) {
  throw plain(error);
}
// Every intervalMs while frames arrive; backing off to idleIntervalMs while the WAL does not change.
let delay = workerData.intervalMs;
let last = '';
let timer;
const tick = () => {
  let row;
  try {
    row = db.pragma('wal_checkpoint(PASSIVE)')[0];
  } catch (error) {
    // SQLITE_BUSY: another checkpoint (another process) is running; try again later.
    if (!error || error.code !== 'SQLITE_BUSY') {
      db.close();
      throw plain(error);
    }
  }
  const seen = row ? row.log + '/' + row.checkpointed : last;
  delay = seen === last ? Math.min(delay * 2, workerData.idleIntervalMs) : workerData.intervalMs;
  last = seen;
  timer = setTimeout(tick, delay);
};
timer = setTimeout(tick, delay);
parentPort.on('message', () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Moves most of the checkpoint work off the event loop. SQLite checkpoints inside the commit that
 * pushes the WAL past 1,000 pages: that commit then also writes those pages into the database
 * file and fsyncs it, holding up every webhook waiting on the loop for several milliseconds.
 * This thread copies committed frames every few milliseconds on its own connection, so when a
 * commit does cross the threshold little is left to copy. The commit-time checkpoint stays on
 * purpose: PASSIVE never waits, so under a steady stream of commits it never catches the last one,
 * and only a checkpoint between two commits lets the next commit start the WAL over.
 */
export function startWalCheckpointer(options: WalCheckpointerOptions): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file: options.file, driver, intervalMs: options.intervalMs ?? 5, idleIntervalMs: options.idleIntervalMs ?? 200 },
  });
  worker.unref(); // never keeps a process alive on its own
  let stopping = false;
  let failed = false;
  const fail = (error: Error): void => {
    if (stopping || failed) return;
    failed = true;
    options.onFailure(error);
  };
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('error', fail);
  worker.once('exit', (code) => fail(new Error(`WAL checkpointer exited with code ${code}`)));
  return {
    async stop() {
      if (!stopping) {
        stopping = true;
        worker.ref(); // a caller awaiting stop() keeps the process alive until the thread is gone
        worker.postMessage('stop');
      }
      await exited;
    },
  };
}
