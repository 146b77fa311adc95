import type { JsonObject } from '../ports/json.js';
import type { ReadDocument } from '../ports/ReadStore.js';

/**
 * SQL for "the generation a statement targets": the pinned one when `@generation` is bound,
 * else the collection's active one, read in the same statement so that a switch made by
 * another process is seen atomically.
 */
export const TARGET_GENERATION = `coalesce(@generation, (SELECT active_generation FROM collections WHERE collection = @collection), 0)`;

/** A live row of `docs` as read. */
export type DocRow = {
  readonly id: string;
  readonly user_id: string | null;
  readonly version: number;
  readonly data: string;
};

/** Parameters every docs statement binds. `generation` null means "the active generation". */
export type DocTarget = { collection: string; generation: number | null };

/** Maps a row to the port's ReadDocument. */
export function toReadDocument<TData extends JsonObject>(row: DocRow): ReadDocument<TData> {
  const data = JSON.parse(row.data) as TData;
  return row.user_id === null ? { id: row.id, version: row.version, data } : { id: row.id, userId: row.user_id, version: row.version, data };
}
