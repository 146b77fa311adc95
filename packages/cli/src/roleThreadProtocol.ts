import type { MessagePort } from 'node:worker_threads';
import type { ThreadHeap } from '@hyperhook/store';
import type { Config } from './config.js';
import type { BudgetMemory } from './buildRoleDeps.js';
import type { PushRole } from './startBackgroundRoles.js';

/** A role that `hyperhook start` runs on a thread of its own. */
export type ThreadRole = 'projector' | 'executor';

/**
 * What a role thread is started with: the configuration, its role, a port to the api thread's
 * store writer (so every role of the process commits through one writer) if it has one, and the
 * VAPID pair and the approval token key when it sends the web pushes.
 */
export type RoleThreadData = {
  readonly config: Config;
  readonly role: ThreadRole;
  readonly writerPort: MessagePort | undefined;
  readonly push: PushRole | undefined;
  /** The process's exchange weight meters (shared memory): the executor's requests count with the api's. */
  readonly budgetMemory: BudgetMemory;
};

/** Main thread → role thread. */
export type ToRoleThread = { readonly kind: 'stop' };

/** Role thread → main thread. */
export type FromRoleThread =
  | { readonly kind: 'caughtUp' }
  /** The projector's read models include every event up to `position`. */
  | { readonly kind: 'projected'; readonly position: number }
  /** The thread's V8 heap, sent every few seconds: /metrics shows each thread's (a soak tells which one grows). */
  | ({ readonly kind: 'heap' } & ThreadHeap)
  /** The role stopped and its store is closed; the thread ends next. */
  | { readonly kind: 'stopped' }
  /** The role could not start, or failed while running. */
  | { readonly kind: 'failed'; readonly message: string };
