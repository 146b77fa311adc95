import type { MessagePort } from 'node:worker_threads';
import { spawnModuleWorker, type ThreadHeap } from '@hyperhook/store';
import type { Config } from './config.js';
import type { FromRoleThread, RoleThreadData, ThreadRole, ToRoleThread } from './roleThreadProtocol.js';
import { budgetMemoryOf, type BudgetMemory } from './buildRoleDeps.js';
import type { PushRole } from './startBackgroundRoles.js';

/** A role running on its own thread. */
export interface RoleThread {
  /** Resolves once the role caught up with the log; rejects if it could not start. */
  readonly caughtUp: Promise<void>;
  /** Stops the role and closes its store connection; settles once the thread ended, rejecting if the role failed to stop. */
  stop(): Promise<void>;
}

/** What the main thread hears of a role thread besides its start. */
export interface RoleThreadListener {
  /** The projector's read models include every event up to `position`. */
  readonly onProjected?: (position: number) => void;
  /** The thread's V8 heap, every few seconds. */
  readonly onHeap?: (heap: ThreadHeap) => void;
  /** The role failed, or its thread ended, while it was meant to run. */
  readonly onFailure: (error: Error) => void;
}

/**
 * Starts `role` on a worker thread (roleThread.ts) with its own store connection for reads; its
 * writes go through `writerPort` (the api store's shared writer) when given. A failure to
 * start rejects `caughtUp`; a failure later, or a thread that ends unasked, reaches `onFailure`
 * once (the process cannot go on with a role missing).
 */
export function startRoleThread(
  config: Config,
  role: ThreadRole,
  listener: RoleThreadListener,
  options: { writerPort?: MessagePort | undefined; push?: PushRole | undefined; budgetMemory?: BudgetMemory } = {},
): RoleThread {
  const { writerPort, push } = options;
  const workerData: RoleThreadData = { config, role, writerPort, push, budgetMemory: options.budgetMemory ?? budgetMemoryOf() };
  const worker = spawnModuleWorker(import.meta.url, 'roleThread', { workerData, transferList: writerPort === undefined ? [] : [writerPort] });
  let started = false;
  let stopping = false;
  let failed = false;
  let stopFailure: Error | undefined;
  let resolveCaughtUp!: () => void;
  let rejectCaughtUp!: (error: Error) => void;
  const caughtUp = new Promise<void>((resolve, reject) => {
    resolveCaughtUp = resolve;
    rejectCaughtUp = reject;
  });
  caughtUp.catch(() => undefined); // the caller awaits it; never an unhandled rejection
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  const fail = (error: Error): void => {
    if (failed) return;
    failed = true;
    if (!started) rejectCaughtUp(error);
    if (stopping) stopFailure = error;
    else if (started) listener.onFailure(error);
  };

  worker.on('message', (message: FromRoleThread) => {
    switch (message.kind) {
      case 'caughtUp':
        started = true;
        resolveCaughtUp();
        return;
      case 'projected':
        listener.onProjected?.(message.position);
        return;
      case 'heap':
        listener.onHeap?.({ usedBytes: message.usedBytes, physicalBytes: message.physicalBytes });
        return;
      case 'failed':
        fail(new Error(message.message));
        return;
      case 'stopped':
        return;
    }
  });
  worker.on('error', (error) => fail(new Error(`the ${role} thread failed: ${error.message}`, { cause: error })));
  worker.on('exit', (code) => {
    if (!stopping) fail(new Error(`the ${role} thread ended (exit code ${code})`));
  });

  return {
    caughtUp,
    async stop() {
      if (!stopping) {
        stopping = true;
        worker.postMessage({ kind: 'stop' } satisfies ToRoleThread);
      }
      await exited;
      if (stopFailure) throw stopFailure;
    },
  };
}
