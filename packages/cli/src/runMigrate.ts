import { replayAll } from '@hyperhook/projector';
import { importEventLog, openPgStore, openSqliteStore, readSqliteCheckpoints, readSqliteKeys, type GlobalPosition } from '@hyperhook/store';
import type { Config } from './config.js';
import { describePgUrl } from './describePgUrl.js';
import { existingStoreFileOf, masterKeyNotice, throttled } from './migrationSupport.js';
import { say } from './say.js';

/** Where `migrate --to` copies the embedded store. */
export type MigrationTarget = { readonly kind: 'postgres' | 'kurrentdb'; readonly url: string };

/**
 * `--to` as a PostgreSQL or KurrentDB URL, or a refusal that names the problem without echoing
 * the URL (it may carry a password).
 */
export function migrationTargetOf(to: string | undefined): MigrationTarget {
  if (to === undefined || to.trim() === '')
    throw new Error('migrate needs --to <url>: postgres://user:password@host:5432/database, or kurrentdb://host:2113 (with MONGODB_URL set)');
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(to)?.[1]?.toLowerCase();
  if (scheme === 'postgres' || scheme === 'postgresql') return { kind: 'postgres', url: to };
  if (scheme !== undefined && /^(kurrentdb|kurrent|esdb|kdb)(\+discover)?$/.test(scheme)) return { kind: 'kurrentdb', url: to };
  throw new Error(
    `migrate --to must be a PostgreSQL (postgres://) or KurrentDB (kurrentdb://) URL; got ${scheme === undefined ? 'no URL scheme' : `a ${scheme}:// URL`}`,
  );
}

/** `user@host:port/database` of a PostgreSQL URL: where the store went, never the password. */
export function describeDatabase(url: string): string {
  return describePgUrl(url, { withUser: true, fallback: 'the --to database' });
}

/**
 * `hyperhook migrate --to <url>`: into PostgreSQL (below), or into KurrentDB + MongoDB
 * (migrateToKurrent). `--to postgres://…` copies the embedded store's event log and wrapped data
 * keys into the (empty) PostgreSQL schema HYPERHOOK_DATABASE_SCHEMA, positions and all, then
 * rebuilds every read model there by replay, and checks that both logs end at the same position.
 * The embedded store is only read; stop every hyperhook process using it first (a log that moves
 * on during the copy fails the migration rather than leave events behind).
 */
export async function runMigrate(config: Config, to: string | undefined): Promise<void> {
  const target = migrationTargetOf(to);
  // Loaded only for this target: its drivers are half a second of every other command's start.
  if (target.kind === 'kurrentdb') return (await import('./migrateToKurrent.js')).migrateToKurrent(config, target.url);
  return migrateToPostgres(config, target.url);
}

async function migrateToPostgres(config: Config, url: string): Promise<void> {
  const schema = config.HYPERHOOK_DATABASE_SCHEMA;
  const target = `postgres schema ${schema} at ${describeDatabase(url)}`;
  const file = existingStoreFileOf(config);
  const started = Date.now();

  // Writes nothing (bar a schema upgrade of an older file): no writer thread, no checkpointer.
  const source = await openSqliteStore({ file, writerThread: false, backgroundCheckpoints: false });
  try {
    say(`copying the event log of ${file} into ${target}`);
    const copyProgress = throttled((events: number, position: GlobalPosition) => say(`copied ${events} events (position ${position})`));
    const copied = await importEventLog({
      source: source.eventStore,
      keys: () => readSqliteKeys(file),
      // The read models' own (`<projector>@g<generation>`) are not carried over: replay rebuilds them.
      checkpoints: () => readSqliteCheckpoints(file).filter((checkpoint) => !/@g\d+$/.test(checkpoint.name)),
      url,
      schema,
      onProgress: ({ events, position }) => copyProgress(events, position),
    }).catch((error: unknown) => {
      throw new Error(`cannot copy into ${target}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    });
    say(
      `copied ${copied.events} events up to position ${copied.position}, ${copied.keys} data keys and ${copied.checkpoints} checkpoints; rebuilding the read models`,
    );

    const store = await openPgStore({ url, schema, applicationName: 'hyperhook-migrate' });
    try {
      const replayProgress = throttled((position: GlobalPosition) => say(`read models rebuilt up to position ${position} of ${copied.position}`));
      const replay = await replayAll({ store, onProgress: replayProgress });
      const [sourceHead, targetHead] = await Promise.all([source.eventStore.headPosition(), store.eventStore.headPosition()]);
      if (sourceHead !== targetHead || copied.position !== targetHead || replay.position !== targetHead) {
        throw new Error(
          `the copy does not match: the embedded log ends at ${sourceHead}, ${target} at ${targetHead} (copied up to ${copied.position}, read models up to ${replay.position}); ` +
            `if a hyperhook process was still writing to ${file}, stop it, drop schema ${schema} and migrate again`,
        );
      }
      const seconds = Math.round((Date.now() - started) / 10) / 100;
      say(`read models rebuilt into generation ${replay.generation}; ${file} is left as it was`);
      say(masterKeyNotice(config, 'PostgreSQL'));
      say(`next: start hyperhook with DATABASE_URL=postgres://… (${describeDatabase(url)}) and HYPERHOOK_DATABASE_SCHEMA=${schema}`);
      console.log(
        JSON.stringify({
          msg: 'migrated',
          events: copied.events,
          position: targetHead,
          keys: copied.keys,
          checkpoints: copied.checkpoints,
          readModelsGeneration: replay.generation,
          seconds,
        }),
      );
    } finally {
      await store.close();
    }
  } finally {
    await source.close();
  }
}
