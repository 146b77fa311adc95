// A role thread's entry point (see startRoleThread): runs the projector or the executor of
// `hyperhook start` on its own event loop and its own store connection, so their work never
// delays the api's acknowledgements.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { HEAP_REPORT_MS, lowerThisThreadPriority, nameThisThread, thisThreadHeap } from '@hyperhook/store';
import { openStore } from './openStore.js';
import { ROLE_NICENESS } from './roleNiceness.js';
import type { FromRoleThread, RoleThreadData, ToRoleThread } from './roleThreadProtocol.js';
import { say } from './say.js';
import { startBackgroundRoles } from './startBackgroundRoles.js';

if (parentPort === null) throw new Error('roleThread.ts runs as a worker thread (startRoleThread)');
const port: MessagePort = parentPort;
const { config, role, writerPort, push, budgetMemory } = workerData as RoleThreadData;
const post = (message: FromRoleThread): void => port.postMessage(message);
nameThisThread(`hyperhook-${role.slice(0, 5)}`);
lowerThisThreadPriority(ROLE_NICENESS[role]);
const messageOf = (error: unknown): string => (error instanceof Error ? (error.stack ?? error.message) : String(error));
const reportHeap = (): void => post({ kind: 'heap', ...thisThreadHeap() });
const heapReports = setInterval(reportHeap, HEAP_REPORT_MS).unref();

async function run(): Promise<void> {
  // A writer gone while the role runs leaves it refusing every write: the process must stop (startRoleThread's onFailure).
  const onWriterGone = (error: Error): void => post({ kind: 'failed', message: `${role}: ${error.message}` });
  // The api's thread runs the store's WAL checkpointer; one per process is enough.
  const store = await openStore(config, say, `hyperhook ${role}`, {
    threads: true,
    backgroundCheckpoints: false,
    ...(writerPort ? { writerPort, onWriterGone } : {}),
  });
  const roles = await startBackgroundRoles(
    config,
    store,
    { projector: role === 'projector', executor: role === 'executor', budgetMemory, ...(push ? { push } : {}) },
    (position) => post({ kind: 'projected', position }),
  );
  port.on('message', (message: ToRoleThread) => {
    if (message.kind !== 'stop') return;
    clearInterval(heapReports);
    // The store closes even when the role did not stop cleanly, or its connection keeps the thread alive.
    roles
      .stop()
      .finally(() => store.close())
      .then(
        () => post({ kind: 'stopped' }),
        (error: unknown) => post({ kind: 'failed', message: `${role} did not stop cleanly: ${messageOf(error)}` }),
      )
      .finally(() => port.close());
  });
  await roles.caughtUp;
  post({ kind: 'caughtUp' });
  reportHeap();
}

run().catch((error: unknown) => {
  post({ kind: 'failed', message: `${role} failed to start: ${messageOf(error)}` });
  port.close();
});
