import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { allProjections } from '@hyperhook/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchemas, freshSchemaName, TEST_DATABASE_URL } from '../../packages/store/src/postgres/testing/testPostgres.js';
import { freePort, SystemHarness, type RoleProcess } from '../system/harness.js';
import { SystemStack, type StackUser } from '../system/stack.js';
import {
  ACTIVE_DOCS,
  byCollection,
  EVENTS,
  runEmbeddedHistory,
  signInAgain,
  toDoc,
  toEvent,
  tradeOnce,
  type EmbeddedHistory,
  type Row,
} from './embeddedHistory.js';

/** PostgreSQL's client programs: Debian puts them on the PATH, the server's own directory has them too. */
const PG_BIN = ['/usr/bin', '/usr/lib/postgresql/15/bin'].find((dir) => existsSync(join(dir, 'pg_dump')) && existsSync(join(dir, 'pg_restore')));

/** Rows of a database (json and jsonb come back parsed). */
async function rowsOf(url: string, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('restore drill on PostgreSQL (issue 32, point 5; given the product ran on a schema of its own: two users, saved keys, settings, alerts, orders and fills, a paper strategy)', () => {
  const world = new SystemHarness();
  const stack = new SystemStack(world);
  const schema = freshSchemaName('drill');
  /** The scratch database the dump is restored into, and the new name its schema gets there. */
  const scratch = `hyperhook_drill_${randomBytes(6).toString('hex')}`;
  const restoredSchema = freshSchemaName('restored');
  const scratchUrl = (() => {
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${scratch}`;
    return url.toString();
  })();
  const dump = join(world.dataDir, 'hyperhook.dump');
  const events = (url: string, inSchema: string) => rowsOf(url, `${EVENTS(`"${inSchema}".events`)}`);
  let users: StackUser[] = [];
  let before: EmbeddedHistory['before'] = new Map();
  let roleEnv: (extra: Record<string, string>) => NodeJS.ProcessEnv;
  let sourceHead: unknown;
  const restoredEnv = (extra: Record<string, string> = {}) => roleEnv({ DATABASE_URL: scratchUrl, HYPERHOOK_DATABASE_SCHEMA: restoredSchema, ...extra });

  /** Runs one of PostgreSQL's client programs, as an operator would, and insists it succeeded. */
  async function pgTool(program: string, args: readonly string[]): Promise<RoleProcess> {
    if (PG_BIN === undefined) throw new Error('pg_dump and pg_restore are not installed (postgresql-client): the drill needs them');
    const run = world.spawn(program, join(PG_BIN, program), args, { ...process.env });
    expect(await run.exited, `${program} ${args.join(' ')}\n${run.output()}`).toBe(0);
    return run;
  }

  beforeAll(async () => {
    ({ users, before, roleEnv } = await runEmbeddedHistory(world, stack, {
      storeEnv: { DATABASE_URL: TEST_DATABASE_URL, HYPERHOOK_DATABASE_SCHEMA: schema },
      rows: (sql) => rowsOf(TEST_DATABASE_URL, sql),
      table: (name) => `"${schema}".${name}`,
    }));
    // The head an operator notes before the drill: a later verify proves the restore ends there.
    const verify = world.spawnCli('verify-source', ['verify'], roleEnv({}));
    expect(await verify.exited, verify.output()).toBe(0);
    sourceHead = verify.json.find((line) => line.msg === 'verified');

    // When: the README's drill, command for command.
    await pgTool('pg_dump', [TEST_DATABASE_URL, `--schema=${schema}`, '--format=custom', `--file=${dump}`]);
    await pgTool('createdb', [`--maintenance-db=${TEST_DATABASE_URL}`, scratch]);
    await pgTool('pg_restore', [`--dbname=${scratchUrl}`, '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', dump]);
    await pgTool('psql', [scratchUrl, '--set=ON_ERROR_STOP=1', '--command', `ALTER SCHEMA "${schema}" RENAME TO "${restoredSchema}"`]);
  }, 240_000);

  afterAll(async () => {
    await world.cleanup();
    await dropSchemas([schema]);
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  });

  it("then the dump holds the schema, and the restored schema's log is the source's, event for event, hash for hash", async () => {
    expect(statSync(dump).size).toBeGreaterThan(0);
    const HASHES = (inSchema: string) => `SELECT global_position, hash FROM "${inSchema}".events ORDER BY global_position`;
    expect((await events(scratchUrl, restoredSchema)).map((row) => toEvent(row, false))).toEqual(
      (await events(TEST_DATABASE_URL, schema)).map((row) => toEvent(row, false)),
    );
    expect(await rowsOf(scratchUrl, HASHES(restoredSchema))).toEqual(await rowsOf(TEST_DATABASE_URL, HASHES(schema)));
    // The next position comes from log_head (no sequence to carry over): it must stand where the log ends.
    const [head] = await rowsOf(scratchUrl, `SELECT position FROM "${restoredSchema}".log_head`);
    expect(Number(head?.position)).toBe((sourceHead as { head: { position: number } }).head.position);
  });

  it('issue 31, point 4: when `verify` runs on the restored schema, then it ends at the head noted on the source', async () => {
    expect(sourceHead).toMatchObject({ msg: 'verified', head: { position: expect.any(Number), hash: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    const verify = world.spawnCli('verify-restored', ['verify'], restoredEnv());
    expect(await verify.exited, verify.output()).toBe(0);
    expect(verify.json.find((line) => line.msg === 'verified')).toEqual(sourceHead);
  }, 30_000);

  it("when `replay` rebuilds the restored schema's read models, then each equals the source's, document for document (collection, id, userId, version, data)", async () => {
    const replay = world.spawnCli('replay-restored', ['replay'], restoredEnv());
    expect(await replay.exited, replay.output()).toBe(0);
    expect(replay.json.find((line) => line.msg === 'replayed')).toMatchObject({
      position: (sourceHead as { head: { position: number } }).head.position,
      generation: 1,
    });

    const source = (await rowsOf(TEST_DATABASE_URL, ACTIVE_DOCS(`"${schema}".docs`, `"${schema}".collections`))).map((row) => toDoc(row, false));
    const rebuilt = (await rowsOf(scratchUrl, ACTIVE_DOCS(`"${restoredSchema}".docs`, `"${restoredSchema}".collections`))).map((row) => toDoc(row, false));
    const generations = (await rowsOf(scratchUrl, `SELECT DISTINCT active_generation AS g FROM "${restoredSchema}".collections`)).map((row) => row.g);

    expect(generations, "the documents compared are the replay's, not the ones the dump carried").toEqual([1]);
    expect(byCollection(rebuilt)).toEqual(byCollection(source));
    const filled = new Set(source.map((doc) => doc.collection));
    expect(allProjections.map((projection) => projection.collection).filter((collection) => !filled.has(collection))).toEqual(['alertRefusals']);
  }, 60_000);

  it('when `start` runs on the restored schema, then each user logs in and sees their webhook logs and keys, and a new alert is traded with the restored keys', async () => {
    const apiUrl = `http://127.0.0.1:${await freePort()}`;
    const product = world.spawnCli('start-restored', ['start'], restoredEnv({ PORT: new URL(apiUrl).port, PUBLIC_URL: apiUrl }));
    await product.waitForJson((line) => line.msg === 'ready');

    for (const user of users) {
      const seen = before.get(user.uid)!;
      const again = await signInAgain(apiUrl, user, seen.email);

      expect(again.logs).toEqual(seen.logs);
      expect(again.keys).toEqual(seen.keys);
      expect(again.webhookPath).toBe(seen.webhookPath);
      // Signing the order needs the saved private key, sealed under a data key the dump carried.
      expect(await tradeOnce(stack, apiUrl, again.trader)).toBe('executed');
    }
    product.child.kill('SIGTERM');
    expect(await product.exited, product.output()).toBe(0);
  }, 90_000);
});
