import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allProjections } from '@hyperhook/domain';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, SystemHarness, waitFor, type RoleProcess } from '../system/harness.js';
import { SystemStack, type StackUser } from '../system/stack.js';
import {
  ACTIVE_DOCS,
  EVENTS,
  runEmbeddedHistory,
  settled,
  signInAgain,
  sqliteRows,
  toDoc,
  toEvent,
  tradeOnce,
  webhookLogs,
  type Doc,
  type EmbeddedHistory,
  type WebhookLog,
} from './embeddedHistory.js';

const HASHES = 'SELECT global_position, hash FROM events ORDER BY global_position';
/** Every stored column of the log, its hash included. */
const chainedEvents = (file: string) => {
  const hashes = new Map(sqliteRows(file, HASHES).map((row) => [Number(row.global_position), row.hash]));
  return sqliteRows(file, EVENTS('events')).map((row) => ({ ...toEvent(row, true), hash: hashes.get(Number(row.global_position)) }));
};
const activeDocs = (file: string): Doc[] => sqliteRows(file, ACTIVE_DOCS('docs', 'collections')).map((row) => toDoc(row, true));
const signalIdOf = (event: { type: string; data: unknown }) => (event.data as { signalId?: string }).signalId;

describe('hyperhook backup and restore of the embedded store (issue 32, point 5; given the product ran: two users, saved keys, settings, alerts, orders and fills, a paper strategy)', () => {
  const world = new SystemHarness();
  const stack = new SystemStack(world);
  const file = join(world.dataDir, 'hyperhook.db');
  const scratch = mkdtempSync(join(tmpdir(), 'hyperhook-backups-'));
  const liveBackup = join(scratch, 'live.db');
  const finalBackup = join(scratch, 'final.db');
  /** The live backup restored and replayed: the one `start` runs on. */
  const restoredLive = join(scratch, 'restored-live');
  /** The backup taken once the product stopped, restored and replayed: the one compared with the source. */
  const restoredFinal = join(scratch, 'restored-final');
  let users: StackUser[] = [];
  let before: EmbeddedHistory['before'] = new Map();
  let roleEnv: (extra: Record<string, string>) => NodeJS.ProcessEnv;
  let backupWhileRunning: RoleProcess;
  let finalBackupRun: RoleProcess;
  /** The alerts posted while the live backup ran, and each user's logs when the product stopped. */
  const whileBackingUp: string[] = [];
  /** The live log's head when the backup process started and when it ended. */
  const headWhileBackingUp = { atStart: 0, atExit: 0 };
  const atStop = new Map<string, WebhookLog[]>();

  beforeAll(async () => {
    let product: RoleProcess | undefined;
    ({ users, before, roleEnv, product } = await runEmbeddedHistory(world, stack, { keepRunning: true }));
    const alice = users[0]!;

    // When: alerts keep arriving, one every 100 ms, from before the backup starts until it has ended.
    let backingUp = true;
    const feeding = (async () => {
      for (let i = 0; backingUp; i += 1) {
        whileBackingUp.push(await stack.alert(alice, { symbol: 'ETHUSDT', action: i % 2 === 0 ? 'buy' : 'sell', size: 20, id: `live-${i}` }));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    await waitFor('the first alerts of the stream', () => whileBackingUp.length >= 3, 10_000);
    const headNow = () => Number(sqliteRows(file, 'SELECT max(global_position) AS head FROM events')[0]?.head);
    headWhileBackingUp.atStart = headNow();
    backupWhileRunning = world.spawnCli('backup-live', ['backup', '--to', liveBackup], roleEnv({}));
    await backupWhileRunning.exited;
    headWhileBackingUp.atExit = headNow();
    backingUp = false;
    await feeding;

    // Then the source settles: every alert traded, its fill read, the read models at the head; and it stops.
    const statuses = await settled(stack.apiUrl, alice, whileBackingUp);
    expect(whileBackingUp.filter((id) => statuses[id] !== 'executed')).toEqual([]);
    await waitFor(
      'a FillRecorded for every alert of the stream',
      () => {
        const filled = new Set(sqliteRows(file, `SELECT json_extract(data, '$.signalId') AS id FROM events WHERE type = 'FillRecorded'`).map((row) => row.id));
        return whileBackingUp.every((id) => filled.has(id));
      },
      45_000,
      200,
    );
    const caughtUp = () => {
      const [row] = sqliteRows(
        file,
        `SELECT (SELECT max(global_position) FROM events) AS head, (SELECT position FROM checkpoints WHERE name = 'read-models@g0') AS projected`,
      );
      return row !== undefined && row.head === row.projected;
    };
    await waitFor('the read models to include the whole log', caughtUp, 15_000, 100);
    for (const user of users) atStop.set(user.uid, await webhookLogs(stack.apiUrl, user.token));
    product!.child.kill('SIGTERM');
    expect(await product!.exited, product!.output()).toBe(0);
    expect(caughtUp(), 'the read models are complete when the product stops').toBe(true);

    finalBackupRun = world.spawnCli('backup-final', ['backup', '--to', finalBackup], roleEnv({}));
    expect(await finalBackupRun.exited, finalBackupRun.output()).toBe(0);
  }, 240_000);

  afterAll(async () => {
    await world.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  });

  const reportOf = (run: RoleProcess) =>
    run.json.find((line) => line.msg === 'backed up') as { events: number; head: { position: number; hash: string }; bytes: number; file: string } | undefined;

  it('when `backup` runs while `start` runs and alerts arrive, then it reports the checked copy in one JSON line (file, events, head, bytes, seconds), and the alerts went on around it', () => {
    expect(backupWhileRunning.child.exitCode, backupWhileRunning.output()).toBe(0);
    const copied = chainedEvents(liveBackup);
    expect(reportOf(backupWhileRunning)).toEqual({
      msg: 'backed up',
      file: liveBackup,
      events: copied.length,
      head: { position: copied.at(-1)!.position, hash: copied.at(-1)!.hash },
      bytes: readFileSync(liveBackup).length,
      seconds: expect.any(Number),
    });
    expect(backupWhileRunning.output()).toMatch(/the master key is not in the backup/);
    expect(readdirSync(scratch).filter((name) => name.endsWith('.partial'))).toEqual([]);
    // The log moved on while the backup ran, and the copy ends somewhere in that stretch.
    expect(headWhileBackingUp.atExit).toBeGreaterThan(headWhileBackingUp.atStart);
    expect(copied.at(-1)!.position).toBeGreaterThanOrEqual(headWhileBackingUp.atStart);
    expect(copied.at(-1)!.position).toBeLessThanOrEqual(headWhileBackingUp.atExit);
    const inCopy = new Set(copied.filter((event) => event.type === 'SignalReceived').map(signalIdOf));
    expect(whileBackingUp.filter((id) => inCopy.has(id)).length).toBeGreaterThan(0);
  });

  it("then the live backup's log is a prefix of the live log: the same positions, streams, versions, ids, types, data, metadata, times and hashes", () => {
    const copied = chainedEvents(liveBackup);
    const live = chainedEvents(file);
    expect(live.length).toBeGreaterThan(copied.length);
    expect(copied).toEqual(live.slice(0, copied.length));
    expect(copied.map((event) => event.position)).toEqual(copied.map((_, i) => i + 1));
  });

  it("when both backups are restored into fresh data dirs (the same master key) and replayed, then restore reports the backup's events and head, and `verify` on each ends at that head", async () => {
    for (const [backup, dataDir, run] of [
      [liveBackup, restoredLive, backupWhileRunning],
      [finalBackup, restoredFinal, finalBackupRun],
    ] as const) {
      const restore = world.spawnCli('restore', ['restore', '--from', backup], roleEnv({ HYPERHOOK_DATA_DIR: dataDir }));
      expect(await restore.exited, restore.output()).toBe(0);
      const { events, head } = reportOf(run)!;
      expect(restore.json.find((line) => line.msg === 'restored')).toEqual({
        msg: 'restored',
        file: join(dataDir, 'hyperhook.db'),
        events,
        head,
        seconds: expect.any(Number),
      });
      expect(restore.output()).not.toMatch(/warning/);
      expect(readdirSync(dataDir)).toEqual(['hyperhook.db']);

      const replay = world.spawnCli('replay', ['replay'], roleEnv({ HYPERHOOK_DATA_DIR: dataDir }));
      expect(await replay.exited, replay.output()).toBe(0);
      expect(replay.json.find((line) => line.msg === 'replayed')).toMatchObject({ position: head.position });

      const verify = world.spawnCli('verify', ['verify'], roleEnv({ HYPERHOOK_DATA_DIR: dataDir }));
      expect(await verify.exited, verify.output()).toBe(0);
      expect(verify.json.find((line) => line.msg === 'verified')).toEqual({ msg: 'verified', events, head });
    }
    // The source stopped before the final backup: it ends where the source ends.
    expect(reportOf(finalBackupRun)!.head.position).toBe(chainedEvents(file).at(-1)!.position);
  }, 90_000);

  it("then every read model rebuilt from the restored log equals, document for document (collection, id, userId, version, data), the source's at the same position", () => {
    const source = activeDocs(file);
    const rebuilt = activeDocs(join(restoredFinal, 'hyperhook.db'));
    const generation = sqliteRows(join(restoredFinal, 'hyperhook.db'), 'SELECT DISTINCT active_generation AS g FROM collections').map((row) => row.g);

    expect(generation, "the documents compared are the replay's, not the ones the backup carried").toEqual([1]);
    expect(rebuilt).toEqual(source);
    // Every read model has documents to compare, bar counted refusals (a flood this day has none of).
    const filled = new Set(source.map((doc) => doc.collection));
    expect(allProjections.map((projection) => projection.collection).filter((collection) => !filled.has(collection))).toEqual(['alertRefusals']);
    expect(source.filter((doc) => doc.collection === 'webhookLogs').length).toBe(9 + whileBackingUp.length);
  });

  it('when `start` runs on the restored live backup, then each user logs in and sees their webhook logs and keys, and a new alert is traded with the restored sealed keys', async () => {
    const apiUrl = `http://127.0.0.1:${await freePort()}`;
    const product = world.spawnCli('start-restored', ['start'], roleEnv({ HYPERHOOK_DATA_DIR: restoredLive, PORT: new URL(apiUrl).port, PUBLIC_URL: apiUrl }));
    await product.waitForJson((line) => line.msg === 'ready');
    const copied = new Set(
      chainedEvents(liveBackup)
        .filter((event) => event.type === 'SignalReceived')
        .map(signalIdOf),
    );

    for (const user of users) {
      const seen = before.get(user.uid)!;
      const again = await signInAgain(apiUrl, user, seen.email);

      // The logs of the backup: those of the history, and the stream's alerts the copy holds.
      const expected = atStop.get(user.uid)!.filter((log) => !whileBackingUp.includes(log.webhookLogId) || copied.has(log.webhookLogId));
      expect(again.logs.map((log) => log.webhookLogId).sort()).toEqual(expected.map((log) => log.webhookLogId).sort());
      expect(again.logs).toEqual(expect.arrayContaining(seen.logs));
      // The same key, its last use as of the backup: alice's stream of alerts used it after the history.
      const seenKeys = seen.keys as { lastUsed?: string };
      expect(again.keys).toEqual({ ...seenKeys, lastUsed: expect.any(String) });
      expect((again.keys as { lastUsed: string }).lastUsed >= (seenKeys.lastUsed ?? '')).toBe(true);
      expect(again.webhookPath).toBe(seen.webhookPath);
      // Signing the order needs the saved private key, sealed under a restored data key.
      expect(await tradeOnce(stack, apiUrl, again.trader)).toBe('executed');
    }
    product.child.kill('SIGTERM');
    expect(await product.exited, product.output()).toBe(0);
  }, 90_000);

  it('when restoring a backup cut short, or one whose log was rewritten, then restore refuses, saying why, and the target data dir stays empty', async () => {
    const bytes = readFileSync(finalBackup);
    const cut = join(scratch, 'cut.db');
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const rewritten = join(scratch, 'rewritten.db');
    copyFileSync(finalBackup, rewritten);
    const db = new Database(rewritten);
    db.exec(
      `DROP TRIGGER events_no_update; UPDATE events SET data = json_set(data, '$.email', 'mallory@example.com') WHERE global_position = 1; PRAGMA journal_mode = DELETE;`,
    );
    db.close();

    for (const [backup, reason] of [
      [cut, /damaged|fails SQLite's integrity check|cannot be read through/],
      [rewritten, /does not verify from position 1: .*its hash chain breaks/],
    ] as const) {
      const target = mkdtempSync(join(scratch, 'target-'));
      const restore = world.spawnCli('restore-bad', ['restore', '--from', backup], roleEnv({ HYPERHOOK_DATA_DIR: target }));
      expect(await restore.exited, restore.output()).toBe(1);
      expect(restore.output()).toMatch(reason);
      expect(restore.output()).toMatch(/not a usable backup/);
      expect(restore.json.filter((line) => line.msg === 'restored')).toEqual([]);
      expect(readdirSync(target)).toEqual([]);
    }
  }, 60_000);

  it('when restoring into a data dir that holds a store, then it is refused and the store is left as it was', async () => {
    const held = readFileSync(join(restoredFinal, 'hyperhook.db'));
    const restore = world.spawnCli('restore-over', ['restore', '--from', finalBackup], roleEnv({ HYPERHOOK_DATA_DIR: restoredFinal }));
    expect(await restore.exited, restore.output()).toBe(1);
    expect(restore.output()).toContain(`${join(restoredFinal, 'hyperhook.db')} exists: restore only fills a data dir that holds no store`);
    expect(readFileSync(join(restoredFinal, 'hyperhook.db'))).toEqual(held);
  });

  it('when restoring with neither HYPERHOOK_MASTER_KEY nor a master.key in the data dir, then the store is restored with a warning that its sealed keys need the original master key', async () => {
    const target = mkdtempSync(join(scratch, 'keyless-'));
    const { HYPERHOOK_MASTER_KEY: _key, ...env } = roleEnv({ HYPERHOOK_DATA_DIR: target });
    const restore = world.spawnCli('restore-keyless', ['restore', '--from', finalBackup], env);
    expect(await restore.exited, restore.output()).toBe(0);
    expect(restore.output()).toMatch(/warning: there is no master key for this store/);
  });

  it('when backing up onto an existing file, a store whose log was rewritten, or on a PostgreSQL config, then backup refuses, and leaves no file behind', async () => {
    const taken = world.spawnCli('backup-taken', ['backup', '--to', finalBackup], roleEnv({}));
    expect(await taken.exited).toBe(1);
    expect(taken.output()).toContain(`${finalBackup} already exists: backup never overwrites a file`);

    // A data dir whose store was rewritten: the copy fails its chain check and is never named.
    const tampered = mkdtempSync(join(scratch, 'tampered-'));
    copyFileSync(join(scratch, 'rewritten.db'), join(tampered, 'hyperhook.db'));
    const to = join(scratch, 'of-tampered.db');
    const refused = world.spawnCli('backup-tampered', ['backup', '--to', to], roleEnv({ HYPERHOOK_DATA_DIR: tampered }));
    expect(await refused.exited, refused.output()).toBe(1);
    expect(refused.output()).toMatch(/does not verify from position 1/);
    expect(refused.json.filter((line) => line.msg === 'backed up')).toEqual([]);
    expect(readdirSync(scratch).filter((name) => name.startsWith('of-tampered'))).toEqual([]);

    const onPg = world.spawnCli(
      'backup-pg',
      ['backup', '--to', join(scratch, 'pg.db')],
      roleEnv({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' }),
    );
    expect(await onPg.exited).toBe(1);
    expect(onPg.output()).toMatch(/DATABASE_URL puts this deployment on PostgreSQL: dump its schema with pg_dump/);
    expect(readdirSync(scratch).filter((name) => name.startsWith('pg.db'))).toEqual([]);
  }, 60_000);
});
