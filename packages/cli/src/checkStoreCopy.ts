import { openSqliteStoreCopy, type ChainHead } from '@hyperhook/store';
import { walkChain } from './walkChain.js';

/** What a checked copy holds: its events and the head its chain proves. */
export type CheckedCopy = { readonly events: number; readonly head: ChainHead | null };

/**
 * Checks a copy of the embedded store before anyone relies on it: SQLite's integrity check (a
 * file cut short, a damaged page or index), then the whole hash chain, as `hyperhook verify`
 * walks it (an event changed, removed or reordered). Throws, saying which, when either fails.
 */
export async function checkStoreCopy(file: string): Promise<CheckedCopy> {
  const copy = openSqliteStoreCopy(file);
  try {
    const problems = copy.integrityProblems();
    if (problems.length > 0) {
      const shown = problems.slice(0, 3).join('; ');
      throw new Error(
        `${file} fails SQLite's integrity check (${shown}${problems.length > 3 ? `; and ${problems.length - 3} more` : ''}): not a usable backup`,
      );
    }
    const { events, head, broken } = await walkChain(copy.chain).catch((error: unknown) => {
      throw new Error(`${file} cannot be read through (${error instanceof Error ? error.message : String(error)}): not a usable backup`, { cause: error });
    });
    if (broken !== null)
      throw new Error(
        `${file} does not verify from position ${broken.position}: an event there or before it was changed, removed or reordered (its hash chain breaks); not a usable backup`,
      );
    return { events, head };
  } finally {
    copy.close();
  }
}
