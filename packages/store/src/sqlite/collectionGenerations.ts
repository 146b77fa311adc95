import { assertInteger, assertNonEmptyString } from '../guards/assertions.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/** Prepares reading and switching the active generation of collections (the `collections` table). */
export function prepareCollectionGenerations(db: SqliteDatabase) {
  const select = db.prepare<[string], number>('SELECT active_generation FROM collections WHERE collection = ?').pluck();
  const save = db.prepare<[string, number]>(
    `INSERT INTO collections (collection, active_generation) VALUES (?, ?)
     ON CONFLICT (collection) DO UPDATE SET active_generation = excluded.active_generation`,
  );
  return {
    /** The active generation; 0 for a collection never switched. */
    active(collection: string): number {
      assertNonEmptyString(collection, 'collection');
      return select.get(collection) ?? 0;
    },
    /** Must run inside a write transaction so a multi-collection switch is atomic. */
    activate(generations: Readonly<Record<string, number>>): void {
      for (const [collection, generation] of Object.entries(generations)) {
        assertNonEmptyString(collection, 'collection');
        assertInteger(generation, `generation of ${collection}`);
        save.run(collection, generation);
      }
    },
  };
}
