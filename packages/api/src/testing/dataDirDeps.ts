import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Simulator } from '@hyperhook/venue-sim';
import { startProjector, type Projector } from '@hyperhook/projector';
import { loadOrCreateMasterKey } from '@hyperhook/secrets';
import { openSqliteStore, type SqliteStore } from '@hyperhook/store';
import type { LevelWithSilent } from 'pino';
import type { AppDeps } from '../appDeps.js';
import { testAppDeps } from './testAppDeps.js';

/** The store file's name in a data directory, as `hyperhook start` lays it out. */
export const DATA_DIR_STORE_FILE = 'hyperhook.db';

/** A gateway's dependencies on a real data directory, plus the handles tests need. */
export interface DataDirDeps {
  readonly deps: AppDeps;
  readonly dataDir: string;
  readonly store: SqliteStore;
  readonly projector: Projector;
  readonly masterKey: Buffer;
  /** Every line the gateway's logger wrote. */
  readonly logs: string[];
}

/** Options of {@link openDataDirDeps}. */
export interface DataDirOptions {
  readonly sim: Simulator;
  /** Default: a new temporary directory. */
  readonly dataDir?: string;
  /** Default 'info'. */
  readonly logLevel?: LevelWithSilent;
}

/**
 * Wires the gateway the way `hyperhook start` does on disk: the store file, the generated master
 * key and (once listening) the VAPID keys all live in one data directory, so tests can reopen the
 * store after a shutdown or read every file byte by byte. Exchange calls go to the simulator.
 */
export async function openDataDirDeps(options: DataDirOptions): Promise<DataDirDeps> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'hyperhook-data-'));
  const masterKey = loadOrCreateMasterKey({ dataDir });
  const store = await openSqliteStore({ file: join(dataDir, DATA_DIR_STORE_FILE), pollIntervalMs: 10 });
  const projector = startProjector({ store, onSkip: () => undefined });
  const { deps, logs } = testAppDeps({
    store,
    sim: options.sim,
    masterKey,
    dataDir,
    projection: projector,
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
  });
  return { deps, dataDir, store, projector, masterKey, logs };
}
