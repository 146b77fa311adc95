import { closeSync, fsyncSync, linkSync, openSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Puts a finished, synced file in place under its final name, all at once and never over another
 * file: a hard link fails if the name exists (a rename would silently replace it), then the
 * partial name goes and the directory is synced so the new name survives a power cut. A reader
 * therefore sees no file or the whole one, never a half-written copy.
 */
export function publishFile(partial: string, final: string): void {
  try {
    linkSync(partial, final);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new Error(`${final} appeared while the copy was being made; it is left as it was, and the copy removed`, { cause: error });
    throw error;
  }
  unlinkSync(partial);
  syncDirectory(dirname(final));
}

/** fsync of a file by name. */
export function syncFile(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function syncDirectory(dir: string): void {
  syncFile(dir);
}
