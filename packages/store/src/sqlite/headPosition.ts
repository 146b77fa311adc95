import type { GlobalPosition } from '../ports/events.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/**
 * Prepares "position of the last committed event". `max()` of the rowid reads one B-tree edge,
 * so subscriptions can poll it cheaply to notice appends made by other processes.
 */
export function prepareHeadPosition(db: SqliteDatabase) {
  const select = db.prepare<[], number>('SELECT coalesce(max(global_position), 0) FROM events').pluck();
  return (): GlobalPosition => select.get() ?? 0;
}
