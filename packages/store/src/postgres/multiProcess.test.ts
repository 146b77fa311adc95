import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../testing/helpers.js';
import { itAppendsFromSeveralProcesses } from '../testing/runMultiProcessAppendTest.js';
import { openPgStore } from './openPgStore.js';
import { dropSchemas, freshSchemaName, TEST_DATABASE_URL } from './testing/testPostgres.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const killedScript = fileURLToPath(new URL('./testing/appendUntilKilled.ts', import.meta.url));

type Ack = { stream: string; ids: string[]; lastPosition: number };

describe('several processes on one PostgreSQL store', () => {
  const schemas: string[] = [];
  let schema: string;
  beforeEach(() => void schemas.push((schema = freshSchemaName('mp'))));
  afterAll(() => dropSchemas(schemas));

  itAppendsFromSeveralProcesses(() => `postgres:${schema}`);

  it(
    'given an appender killed with SIGKILL inside a transaction, then every acknowledged append is stored whole and nothing half-written remains',
    { timeout: 60_000 },
    async () => {
      // Given: a process appending without pause from eight writers
      const store = await openPgStore({ url: TEST_DATABASE_URL, schema, poolSize: 2 });
      const child = spawn(process.execPath, ['--import', 'tsx', killedScript, schema], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
      const acks: Ack[] = [];
      let buffered = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) if (line) acks.push(JSON.parse(line) as Ack);
      });
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
      await waitFor(() => acks.length >= 300 || stderr.length > 0, 30_000, '300 acknowledged appends');
      expect(stderr).toBe('');

      // When: it is killed while one of its transactions is open
      const watcher = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await watcher.connect();
      let inTransaction = false;
      for (let attempt = 0; attempt < 1000 && !inTransaction; attempt++) {
        const { rows } = await watcher.query(
          `SELECT 1 FROM pg_stat_activity WHERE application_name = 'hyperhook-killed-appender' AND xact_start IS NOT NULL AND state <> 'idle'`,
        );
        inTransaction = rows.length > 0;
      }
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      await watcher.end();
      expect(inTransaction).toBe(true);

      // Then: every acknowledged event is there, every stored append is whole, positions have no gap
      const all = await store.eventStore.readAll({ maxCount: 100_000 });
      const stored = new Set(all.map((event) => event.eventId));
      const acknowledged = acks.flatMap((ack) => ack.ids);
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      expect(all.map((event) => event.globalPosition)).toEqual(all.map((_, i) => i + 1));
      const appends = new Map<string, { of: number; seen: number }>();
      for (const event of all) {
        const { writer, n, of } = event.data as { writer: number; n: number; of: number };
        const key = `${writer}/${n}`;
        const entry = appends.get(key) ?? { of, seen: 0 };
        entry.seen += 1;
        appends.set(key, entry);
      }
      expect([...appends.values()].filter((entry) => entry.seen !== entry.of)).toEqual([]);
      for (const ack of acks) expect(all.find((event) => event.eventId === ack.ids.at(-1))?.globalPosition).toBe(ack.lastPosition);
      // and the dead session's lock on the log is gone: the next append goes through at the next position
      const next = await store.eventStore.append('after-the-kill', [{ type: 'AfterTheKill', data: {} }]);
      expect(next.lastPosition).toBe(all.length + 1);
      await store.close();
    },
  );
});
