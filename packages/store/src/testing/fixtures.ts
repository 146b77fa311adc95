import { it } from 'vitest';
import type { Checkpoints } from '../ports/Checkpoints.js';
import type { EventStore } from '../ports/EventStore.js';
import type { KeyStore } from '../ports/KeyStore.js';
import type { Notifier } from '../ports/Notifier.js';
import type { ReadStore } from '../ports/ReadStore.js';
import type { UnitOfWork } from '../ports/UnitOfWork.js';

/** Something a contract test opens and must close. */
export type Closable = { close(): Promise<void> };

/**
 * What a contract suite gets from an adapter factory: the ports under test, `close`, and, for
 * durable adapters, `reopen` (close was already called; open the same storage again).
 */
export type Fixture<TPorts> = TPorts & Closable & { reopen?: () => Promise<TPorts & Closable> };

/**
 * What an adapter can do beyond the common contract. A test for a capability the adapter lacks is
 * not registered at all (rather than skipped), so a run never reports skipped contract tests.
 */
export type AdapterCapabilities = {
  /** Storage survives close: the factory's fixtures provide `reopen`. */
  readonly durable?: boolean;
  /** The store announces appends on its notifier (`fixture.notifier`). */
  readonly announcesAppends?: boolean;
};

/** Registers a test only when `enabled`; the test then insists the fixture really has what it needs. */
export function itWhen(enabled: boolean | undefined, title: string, fn: () => Promise<void>): void {
  if (enabled) it(title, fn);
}

/** Creates a fresh, empty adapter instance for one test. */
export type FixtureFactory<TPorts> = () => Promise<Fixture<TPorts>>;

/** Ports of the event-store suite; `notifier` is the one the store announces appends on, if any. */
export type EventStorePorts = { readonly eventStore: EventStore; readonly notifier?: Notifier };

/** Ports of the read-store suite. */
export type ReadStorePorts = { readonly readStore: ReadStore };

/** Ports of the checkpoints suite. */
export type CheckpointsPorts = { readonly checkpoints: Checkpoints };

/** Ports of the unit-of-work suite: the batch writes through `unitOfWork`, the test reads back through the others. */
export type UnitOfWorkPorts = {
  readonly unitOfWork: UnitOfWork;
  readonly readStore: ReadStore;
  readonly checkpoints: Checkpoints;
  readonly notifier: Notifier;
};

/** Ports of the notifier suite. */
export type NotifierPorts = { readonly notifier: Notifier };

/** Ports of the key-store suite. */
export type KeyStorePorts = { readonly keyStore: KeyStore };
