import { assertInteger } from '../guards/assertions.js';
import type { ReadAllOptions } from '../ports/EventStore.js';
import type { RecordedEvent } from '../ports/events.js';
import type { EventFilter } from '../ports/Subscription.js';
import { recordedEventOfRow } from '../rows/recordedEventOfRow.js';
import { EVENT_COLUMNS, type EventRow } from './eventRows.js';
import type { SqliteDatabase } from './openSqliteDatabase.js';

/** Default page size of readAll. */
export const DEFAULT_READ_ALL_COUNT = 1000;

type ReadAllParams = { from: number; limit: number; prefix?: string; prefixLength?: number; types?: string };

/**
 * Prepares "the global log after a position", a range scan of the rowid. Filters run in SQL
 * (stream prefix by `substr`, types through `json_each` so one statement serves any list), so
 * skipped events are never parsed. One statement per filter shape, prepared on first use.
 */
export function prepareReadAll(db: SqliteDatabase) {
  const statements = new Map<string, ReturnType<typeof prepare>>();
  const prepare = (byPrefix: boolean, byTypes: boolean) =>
    db
      .prepare<[ReadAllParams], EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE global_position > @from` +
          (byPrefix ? ' AND substr(stream_id, 1, @prefixLength) = @prefix' : '') +
          (byTypes ? ' AND type IN (SELECT value FROM json_each(@types))' : '') +
          ' ORDER BY global_position LIMIT @limit',
      )
      .raw();
  const statementFor = (filter: EventFilter | undefined) => {
    const byPrefix = filter?.streamPrefix !== undefined;
    const byTypes = filter?.types !== undefined;
    const key = `${byPrefix}/${byTypes}`;
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = prepare(byPrefix, byTypes)));
    return statement;
  };

  return (options: ReadAllOptions = {}): RecordedEvent[] => {
    const from = options.fromPosition ?? 0;
    const limit = options.maxCount ?? DEFAULT_READ_ALL_COUNT;
    assertInteger(from, 'fromPosition');
    assertInteger(limit, 'maxCount');
    const filter = options.filter;
    const params: ReadAllParams = { from, limit };
    if (filter?.streamPrefix !== undefined) {
      params.prefix = filter.streamPrefix;
      params.prefixLength = filter.streamPrefix.length;
    }
    if (filter?.types !== undefined) params.types = JSON.stringify(filter.types);
    return statementFor(filter).all(params).map(recordedEventOfRow);
  };
}
