import type pg from 'pg';
import { chainUnchainedPgEvents } from './pgEventChain.js';

/** One forward-only schema step. Versions start at 1 and never change once shipped. */
export type PgMigration = {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
  /** What SQL cannot do, run after `sql` in the same transaction. */
  readonly after?: (client: pg.ClientBase) => Promise<unknown>;
};

/**
 * The schema of a PostgreSQL store (one schema holds one store; `search_path` points at it):
 * - `events.global_position` is handed out by the appender holding the row lock of `log_head`,
 *   which it keeps until its commit, so positions are contiguous (1, 2, 3, …) and in commit
 *   order across every process: a reader that sees position N sees everything before it (see
 *   pgGroupCommit). A `bigserial` alone could let a subscriber skip a late-committing event.
 * - `data` and `metadata` are `json`, not `jsonb`: the log keeps the text exactly as appended.
 * - triggers make the log append-only; an event's `hash` (its link in the chain of the whole log,
 *   docs/design/event-hash-chain.md) is written with it, and may only ever be set once where the
 *   event had none (events older than the chain, chained by migration 2);
 * - `docs` holds read models per collection *generation* (`data` NULL is a tombstone), `jsonb`
 *   so queries sort and filter on fields; `collections` records the active generation;
 * - `keys` is the only mutable secret storage (crypto-shredding), outside the event log.
 * Per-user sort indexes are created at open from the configured sort fields.
 */
export const PG_MIGRATIONS: readonly PgMigration[] = [
  {
    version: 1,
    name: 'events, log head, docs, collections, checkpoints, keys',
    sql: `
      CREATE TABLE log_head (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        position bigint NOT NULL
      );
      INSERT INTO log_head (singleton, position) VALUES (true, 0);

      CREATE TABLE events (
        global_position bigint PRIMARY KEY,
        stream_id text NOT NULL,
        stream_version bigint NOT NULL,
        event_id uuid NOT NULL UNIQUE,
        type text NOT NULL,
        data json NOT NULL,
        metadata json,
        recorded_at bigint NOT NULL,
        UNIQUE (stream_id, stream_version)
      );

      CREATE FUNCTION events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'events are immutable'; END $$;
      CREATE TRIGGER events_no_update BEFORE UPDATE OR DELETE ON events
        FOR EACH ROW EXECUTE FUNCTION events_are_immutable();
      CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
        FOR EACH STATEMENT EXECUTE FUNCTION events_are_immutable();

      CREATE TABLE docs (
        collection text NOT NULL,
        generation integer NOT NULL,
        id text NOT NULL,
        user_id text,
        version bigint NOT NULL,
        data jsonb,
        PRIMARY KEY (collection, generation, id)
      );

      CREATE TABLE collections (
        collection text PRIMARY KEY,
        active_generation integer NOT NULL
      );

      CREATE TABLE checkpoints (
        name text PRIMARY KEY,
        position bigint NOT NULL,
        updated_at bigint NOT NULL
      );

      CREATE TABLE keys (
        key_id text PRIMARY KEY,
        wrapped_key bytea NOT NULL,
        created_at bigint NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'the event hash chain',
    sql: `
      ALTER TABLE events ADD COLUMN hash text;

      CREATE OR REPLACE FUNCTION events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD.hash IS NULL AND NEW.hash IS NOT NULL
          AND (NEW.global_position, NEW.stream_id, NEW.stream_version, NEW.event_id, NEW.type, NEW.data::text, NEW.metadata::text, NEW.recorded_at)
            IS NOT DISTINCT FROM (OLD.global_position, OLD.stream_id, OLD.stream_version, OLD.event_id, OLD.type, OLD.data::text, OLD.metadata::text, OLD.recorded_at)
        THEN RETURN NEW; END IF;
        RAISE EXCEPTION 'events are immutable';
      END $$;
    `,
    after: chainUnchainedPgEvents,
  },
];
