// Child process of postgres/multiProcess.test.ts: appends without pause until it is killed.
// Usage: node --import tsx appendUntilKilled.ts <schema>
// Prints one JSON line per acknowledged append: {"stream", "ids", "lastPosition"}.
import { randomUUID } from 'node:crypto';
import { openPgStore } from '../openPgStore.js';
import { TEST_DATABASE_URL } from './testPostgres.js';

const [schema] = process.argv.slice(2);
if (!schema) throw new Error('usage: <schema>');
const store = await openPgStore({ url: TEST_DATABASE_URL, schema, poolSize: 4, applicationName: 'hyperhook-killed-appender' });

// Eight writers at once, so the group committer always has a transaction open.
await Promise.all(
  Array.from({ length: 8 }, async (_, writer) => {
    for (let n = 0; ; n++) {
      const stream = `killed-${writer}`;
      const count = 1 + (n % 3);
      const ids = Array.from({ length: count }, () => randomUUID());
      const events = ids.map((eventId, i) => ({ eventId, type: 'Appended', data: { writer, n, i, of: count } }));
      const { lastPosition } = await store.eventStore.append(stream, events);
      process.stdout.write(`${JSON.stringify({ stream, ids, lastPosition })}\n`);
    }
  }),
);
