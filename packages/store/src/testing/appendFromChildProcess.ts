// Child process of the multi-process append tests: appends to the shared store concurrently with its siblings.
// Usage: node --import tsx appendFromChildProcess.ts <store> <childId> <appends> <sharedAppends>
// <store>: a SQLite file, or postgres:<schema> (on the test database).
// Protocol: prints "ready" once the store is open, starts on a line from stdin, prints a JSON summary at the end.
import { once } from 'node:events';
import { isWrongExpectedVersionError } from '../ports/WrongExpectedVersionError.js';
import { openStoreOfTest } from './openStoreOfTest.js';

const [storeArg, childId, appendsArg, sharedArg] = process.argv.slice(2);
if (!storeArg || !childId) throw new Error('usage: <store> <childId> <appends> <sharedAppends>');
const appends = Number(appendsArg);
const sharedAppends = Number(sharedArg);

const store = await openStoreOfTest(storeArg);
// Start together (a barrier run by the parent) so the processes really contend for the write lock.
process.stdout.write('ready\n');
await once(process.stdin, 'data');
process.stdin.pause();
const startedAt = Date.now();

const versions = new Map<string, number>();
let conflicts = 0;
let seq = 0;
let shared = 0;
for (let i = 0; i < appends || shared < sharedAppends; i++) {
  if (i < appends) {
    // Own streams: this process is their only writer, so its expected versions must always hold.
    const streamId = `p${childId}-s${i % 5}`;
    const expectedVersion = versions.get(streamId) ?? 'no_stream';
    const count = 1 + (i % 3);
    const events = Array.from({ length: count }, () => ({ type: 'ChildAppended', data: { child: childId, seq: seq++ } }));
    const result = await store.eventStore.append(streamId, events, { expectedVersion });
    versions.set(streamId, result.nextExpectedVersion);
  }
  if (shared < sharedAppends && i % 3 === 0) {
    // The shared stream: optimistic concurrency across processes, retried on conflict.
    for (;;) {
      const current = (await store.eventStore.readStream('shared')).at(-1)?.streamVersion;
      try {
        await store.eventStore.append('shared', [{ type: 'SharedAppended', data: { child: childId, seq: seq } }], {
          expectedVersion: current ?? 'no_stream',
        });
        seq++;
        shared++;
        break;
      } catch (error) {
        if (!isWrongExpectedVersionError(error)) throw error;
        conflicts++;
      }
    }
  }
}
const finishedAt = Date.now();
await store.close();
process.stdout.write(`${JSON.stringify({ childId, events: seq, conflicts, startedAt, finishedAt })}\n`);
