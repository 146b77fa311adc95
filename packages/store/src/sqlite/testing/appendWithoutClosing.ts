// Child process of startWriterThread.test.ts: appends once and never closes the store. The
// process must stay alive until the append is committed, then exit by itself.
// Usage: node --import tsx appendWithoutClosing.ts <file> [--unclonable-first]
// With --unclonable-first it first submits a write the writer thread cannot be sent (a function in
// a document), which must fail without keeping the process alive.
import { openSqliteStore } from '../openSqliteStore.js';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: <file>');
const store = await openSqliteStore({ file, backgroundCheckpoints: false });
if (process.argv.includes('--unclonable-first')) {
  const refused = await store.readStore.upsert('docs', { id: 'd', version: 1, data: { f: (() => 1) as never } }).then(
    () => 'stored',
    (error: unknown) => (error as Error).name,
  );
  process.stderr.write(refused === 'DataCloneError' ? '' : `expected a DataCloneError, got ${refused}\n`);
}
const result = await store.eventStore.append('child', [{ type: 'Appended', data: { by: 'child' } }]);
process.stdout.write(`${JSON.stringify(result)}\n`);
