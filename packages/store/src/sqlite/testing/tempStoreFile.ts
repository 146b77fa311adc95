import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh store path in its own temp directory, and a cleanup that removes the directory (db, -wal, -shm). */
export function tempStoreFile(): { readonly file: string; readonly cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'hyperhook-store-'));
  return { file: join(dir, 'store.db'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
