import { allProjections, foldProjection, type Projection, type ReadModelDoc, type RecordedEvent as ProjectionRecord } from '@hyperhook/domain';
import type { GlobalPosition, RecordedEvent, StorePorts } from '@hyperhook/store';
import { decodeRecordedEvent } from '../codec/eventCodec.js';

/** Options of stateAsOf. */
export type StateAsOfOptions = {
  readonly store: Pick<StorePorts, 'eventStore'>;
  /** Events recorded after this instant are ignored. */
  readonly until: Date;
  /** Only this user's documents; default every user's. */
  readonly userId?: string;
  readonly projections?: readonly Projection<unknown>[];
  /** Events read per page, default 1000. */
  readonly pageSize?: number;
  /**
   * Only these streams (a user's own: their projections read nothing else) instead of the whole
   * log, so one trader's past costs their events, not everyone's. Default: the whole log.
   */
  readonly streams?: readonly string[];
};

/** The read models as they stood at `asOf`: printable JSON for auditors. */
export type StateAsOf = {
  readonly asOf: string;
  /** Last global position included (0: nothing had happened yet). */
  readonly position: GlobalPosition;
  /** Domain events folded. */
  readonly events: number;
  /** Documents by collection, sorted by id. */
  readonly collections: Readonly<Record<string, readonly ReadModelDoc<unknown>[]>>;
};

/**
 * Folds the log up to `until` in memory with the same pure projections the projector runs:
 * nothing is written, so auditors can ask "what did the dashboard show then?" against
 * a live store. Events are selected by their recorded time, not by position, so a clock that
 * stepped back cannot smuggle a later event in.
 */
export async function stateAsOf(options: StateAsOfOptions): Promise<StateAsOf> {
  const projections = options.projections ?? allProjections;
  const until = options.until.getTime();
  if (Number.isNaN(until)) throw new RangeError('until must be a valid date');
  const pageSize = options.pageSize ?? 1000;
  const records: ProjectionRecord[] = [];
  let included: GlobalPosition = 0;
  const take = (event: RecordedEvent) => {
    if (event.recordedAt > until) return;
    const decoded = decodeRecordedEvent(event);
    if (decoded.kind !== 'domain') return;
    records.push(decoded.record);
    included = event.globalPosition;
  };
  if (options.streams !== undefined) {
    const read = await Promise.all(options.streams.map((stream) => options.store.eventStore.readStream(stream)));
    for (const event of read.flat().sort((a, b) => a.globalPosition - b.globalPosition)) take(event);
  } else {
    for (let position: GlobalPosition = 0; ;) {
      const page = await options.store.eventStore.readAll({ fromPosition: position, maxCount: pageSize });
      for (const event of page) take(event);
      if (page.length < pageSize) break;
      position = page.at(-1)?.globalPosition ?? position;
    }
  }
  const collections: Record<string, ReadModelDoc<unknown>[]> = {};
  for (const projection of projections) {
    const docs = [...foldProjection(projection, records).values()]
      .filter((doc) => options.userId === undefined || doc.userId === options.userId)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    collections[projection.collection] = docs;
  }
  return { asOf: options.until.toISOString(), position: included, events: records.length, collections };
}
