// Child process of startWriterThread.test.ts: appends once and never closes the store. The
// process must stay alive until the append is committed, then exit by itself.
// Usage: node --import tsx appendWithoutClosing.ts <file>
import { openSqliteStore } from '../openSqliteStore.js';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: <file>');
const store = await openSqliteStore({ file, backgroundCheckpoints: false });
const result = await store.eventStore.append('child', [{ type: 'Appended', data: { by: 'child' } }]);
process.stdout.write(`${JSON.stringify(result)}\n`);
