import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../ports/events.js';
import { waitFor } from '../testing/helpers.js';
import { openPgStore } from './openPgStore.js';
import { dropSchemas, freshSchemaName, TEST_DATABASE_URL } from './testing/testPostgres.js';

describe('global order on PostgreSQL: an append that commits late is never skipped', () => {
  const schema = freshSchemaName('late');
  afterAll(() => dropSchemas([schema]));

  it(
    'given an appender holding the log open, when another append and a subscriber run meanwhile, then the other waits and the subscriber gets both, the late one first',
    { timeout: 30_000 },
    async () => {
      // Given: a store with one event, a subscriber, and a slow appender in another session that
      // has taken position 2 the way every append does (log_head locked, row inserted) but not committed
      const store = await openPgStore({ url: TEST_DATABASE_URL, schema, poolSize: 4, pollIntervalMs: 10 });
      await store.eventStore.append('first', [{ type: 'First', data: {} }]);
      const received: RecordedEvent[] = [];
      const subscription = store.eventStore.subscribeToAll({ fromPosition: 0, onEvent: (e) => void received.push(e) });
      await subscription.caughtUp;
      const slow = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
      await slow.connect();
      await slow.query('BEGIN');
      const { rows } = await slow.query<{ position: string }>('SELECT position FROM log_head FOR UPDATE');
      const slowPosition = Number(rows[0]?.position) + 1;
      await slow.query(
        `INSERT INTO events (global_position, stream_id, stream_version, event_id, type, data, metadata, recorded_at) VALUES ($1, 'slow', 0, $2, 'Slow', '{}', NULL, $3)`,
        [slowPosition, randomUUID(), Date.now()],
      );

      // When: another append is made and the subscriber polls for a while
      let fastSettled = false;
      const fast = store.eventStore.append('fast', [{ type: 'Fast', data: {} }]).finally(() => (fastSettled = true));
      await sleep(300);

      // Then: the other append cannot take a position before the slow one commits, and nothing new is delivered
      expect(fastSettled).toBe(false);
      expect(received.map((e) => e.streamId)).toEqual(['first']);

      // When: the slow appender commits
      await slow.query('UPDATE log_head SET position = $1', [slowPosition]);
      await slow.query('COMMIT');
      await slow.end();

      // Then: the other append follows it, and the subscriber receives both in that order, nothing skipped
      const { lastPosition } = await fast;
      expect(lastPosition).toBe(slowPosition + 1);
      await waitFor(() => received.length === 3, 5000, 'both appends');
      expect(received.map((e) => [e.streamId, e.globalPosition])).toEqual([
        ['first', 1],
        ['slow', slowPosition],
        ['fast', slowPosition + 1],
      ]);
      await subscription.stop();
      await store.close();
    },
  );
});
