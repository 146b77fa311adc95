import type pg from 'pg';
import { appendedPosition, type StoreWriter, type WriteOperation, type WriteOperationOf, type WriteResult } from '../writer/writeOperations.js';
import { appendGroupToPg } from './pgAppendGroup.js';
import { executePgWrite } from './pgExecuteWrite.js';

/** Options of createPgGroupCommitter. */
export type PgGroupCommitOptions = {
  /** After a group that appended committed: the new head, to announce. */
  readonly onAppended: (position: number) => void;
  /** After a group that deleted keys committed, before those writes resolve (crypto-shredding). */
  readonly onKeysDestroyed: () => Promise<void>;
};

type Pending = { readonly operation: WriteOperation; resolve(result: WriteResult): void; reject(error: unknown): void };
type Outcome = { readonly ok: true; readonly result: WriteResult } | { readonly ok: false; readonly error: unknown };

/** Upper bound on writes per transaction, so one commit never holds the log for long. */
const MAX_GROUP_SIZE = 1000;
/** A group PostgreSQL aborted as a deadlock or serialization failure is tried again this often. */
const MAX_ATTEMPTS = 5;
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Group commit on PostgreSQL: the writes queued while the previous group committed go in ONE
 * transaction, so they share one WAL flush (what lets `synchronous_commit = on` sustain high
 * write rates). The group's appends are decided together in memory and written in three
 * statements (appendGroupToPg): a version conflict rejects that append alone. Every other write
 * runs in its own SAVEPOINT, so it too fails alone.
 *
 * A group that appends first locks the single `log_head` row and reads the head. The lock is
 * held to COMMIT, so appends of every process are serialised: positions are handed out
 * contiguously in commit order, and PostgreSQL makes a transaction visible before it releases
 * its locks, so by the time the next appender can read the head, the previous one's events are
 * visible to every reader. A subscriber reading "after N" therefore never skips an event that
 * commits late. Taking `log_head` first in every appending group also gives all groups one lock
 * order; a deadlock PostgreSQL still reports (say, two projectors upserting the same documents
 * in different orders) fails the attempt, and the group is tried again.
 */
export function createPgGroupCommitter(pool: pg.Pool, options: PgGroupCommitOptions): StoreWriter {
  let queue: Pending[] = [];
  let running: Promise<void> | undefined;
  let closed = false;

  const commitGroup = async (group: readonly Pending[]): Promise<Outcome[]> => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const outcomes: Outcome[] = [];
      const appendAt = group.flatMap(({ operation }, i) => (operation.kind === 'append' ? [i] : []));
      if (appendAt.length > 0) {
        const { rows } = await client.query<[number]>({ text: 'SELECT position FROM log_head FOR UPDATE', rowMode: 'array' });
        const head = rows[0]?.[0] ?? 0;
        const appends = appendAt.map((i) => group[i]?.operation as WriteOperationOf<'append'>);
        const appended = await appendGroupToPg(client, appends, head);
        appended.outcomes.forEach((outcome, k) => (outcomes[appendAt[k] as number] = outcome.ok ? { ok: true, result: outcome.results } : outcome));
        if (appended.head !== head) await client.query('UPDATE log_head SET position = $1', [appended.head]);
      }
      for (const [i, { operation }] of group.entries()) {
        if (operation.kind === 'append') continue;
        await client.query('SAVEPOINT write');
        try {
          const result = await executePgWrite(client, operation);
          await client.query('RELEASE SAVEPOINT write');
          outcomes[i] = { ok: true, result };
        } catch (error) {
          await client.query('ROLLBACK TO SAVEPOINT write'); // throws (failing the group) when the connection itself broke
          outcomes[i] = { ok: false, error };
        }
      }
      await client.query('COMMIT');
      return outcomes;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError as Error));
      throw error;
    } finally {
      client.release(broken);
    }
  };

  const commitWithRetries = async (group: readonly Pending[]): Promise<Outcome[]> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await commitGroup(group);
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        if (attempt < MAX_ATTEMPTS && typeof code === 'string' && RETRYABLE.has(code)) continue;
        // The appends of a group share their statements, so one the database refuses (it passed
        // every check here) fails them all: each write then goes again on its own, and only the
        // one at fault fails.
        if (group.length > 1) return (await Promise.all(group.map((pending) => commitWithRetries([pending])))).flat();
        return group.map(() => ({ ok: false, error }));
      }
    }
  };

  const settle = async (group: readonly Pending[], outcomes: readonly Outcome[]): Promise<void> => {
    let appendedTo = 0;
    let destroyed = false;
    outcomes.forEach((outcome, i) => {
      const operation = group[i]?.operation;
      if (!outcome.ok || operation === undefined) return;
      appendedTo = Math.max(appendedTo, appendedPosition(operation, outcome.result));
      if (operation.kind === 'destroyKey' && outcome.result === true) destroyed = true;
    });
    if (destroyed) await options.onKeysDestroyed().catch(() => undefined); // the key is gone through SQL either way; the store reports
    outcomes.forEach((outcome, i) => {
      const pending = group[i];
      if (pending === undefined) return;
      if (outcome.ok) pending.resolve(outcome.result);
      else pending.reject(outcome.error);
    });
    if (appendedTo > 0) options.onAppended(appendedTo);
  };

  const drain = async (): Promise<void> => {
    while (queue.length > 0) {
      const group = queue.slice(0, MAX_GROUP_SIZE);
      queue = queue.slice(group.length);
      await settle(group, await commitWithRetries(group));
    }
  };

  const kick = (): void => {
    running ??= new Promise<void>((resolve) => setImmediate(resolve)).then(drain).finally(() => {
      running = undefined;
      if (queue.length > 0) kick();
    });
  };

  return {
    submit(operation) {
      if (closed) return Promise.reject(new Error('the store is closed'));
      return new Promise((resolve, reject) => {
        queue.push({ operation, resolve: resolve as Pending['resolve'], reject });
        kick();
      });
    },
    async close() {
      closed = true;
      while (running) await running;
    },
  };
}
