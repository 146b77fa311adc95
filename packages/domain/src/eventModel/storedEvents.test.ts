import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allProjections } from '../readModels/allProjections.js';
import { toLiveMessage } from '../readModels/liveMessages.js';
import { projectEvent, type Projection, type ProjectionMeta, type ReadModelDoc, type RecordedEvent } from '../readModels/readModel.js';
import { DomainEventSchema, EVENT_STREAM_CATEGORY, type DomainEvent } from './domainEvent.js';
import { safeParseEvent } from './parseEvent.js';
import { parseStreamId } from './streams.js';
import { upcast } from './upcasters.js';
import { readSchemaFingerprints, readStoredEvents, type StoredEvent } from './storedEvents/testing/readStoredEvents.js';
import { schemaFingerprint } from './storedEvents/testing/schemaFingerprint.js';

/**
 * Issue 32, point 5: events are never rewritten, so every shape an older build stored must still be
 * read by today's code. The corpus in storedEvents/ holds such events (see its README); these tests
 * read it with today's parser and read models, and guard the schemas against silent changes.
 */

type EventSchema = { readonly shape: { readonly type: { readonly value: string }; readonly v: { readonly value: number } } } & z.ZodType;

/** Today's event schemas by type, as the schemas themselves declare type and version. */
const todaysSchemas = (schemas: readonly EventSchema[] = DomainEventSchema.options as readonly EventSchema[]) =>
  new Map(schemas.map((schema) => [schema.shape.type.value, schema] as const));

const key = (type: string, v: number) => `${type}@${v}`;

/** What reading `stored` today goes wrong with: not an event, not today's version, a field dropped, a stream of another category. */
function readingProblems(stored: readonly StoredEvent[], schemas = todaysSchemas()): string[] {
  return stored.flatMap(({ source, streamId, envelope }) => {
    const where = `${source} ${key(envelope.type, envelope.v)}`;
    const parsed = safeParseEvent(envelope);
    if (!parsed.ok) return [`${where}: ${parsed.error.message}`];
    const current = schemas.get(envelope.type)?.shape.v.value;
    const problems: string[] = [];
    if (parsed.value.type !== envelope.type || parsed.value.v !== current)
      problems.push(`${where}: read as ${key(parsed.value.type, parsed.value.v)}, today's is v${current}`);
    // Validation strips fields it does not know: a field the upcast event carries but today's event lacks is lost on every read.
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.value)), JSON.parse(JSON.stringify(upcast(envelope)))))
      problems.push(`${where}: today's schema drops or changes part of it`);
    const category = parseStreamId(streamId)?.category;
    if (category !== EVENT_STREAM_CATEGORY[parsed.value.type]) problems.push(`${where}: on ${streamId}, a ${EVENT_STREAM_CATEGORY[parsed.value.type]} event`);
    return problems;
  });
}

/** The `type@v` of today's schemas, versions 1 to current, that no stored event is an example of. */
function missingExamples(stored: readonly StoredEvent[], schemas = todaysSchemas()): string[] {
  const present = new Set(stored.map(({ envelope }) => key(envelope.type, envelope.v)));
  return [...schemas.values()].flatMap((schema) =>
    Array.from({ length: schema.shape.v.value }, (_, i) => key(schema.shape.type.value, i + 1)).filter((wanted) => !present.has(wanted)),
  );
}

/** How today's schemas differ from the committed fingerprints: a changed shape, a new type@v, or an entry no type has. */
function fingerprintProblems(recorded: Readonly<Record<string, string>>, schemas = todaysSchemas()): string[] {
  const problems: string[] = [];
  for (const schema of schemas.values()) {
    const at = key(schema.shape.type.value, schema.shape.v.value);
    const now = schemaFingerprint(schema);
    if (recorded[at] === undefined) problems.push(`${at} has no fingerprint: new type or version; add "${at}": "${now}"`);
    else if (recorded[at] !== now) problems.push(`${at} changed shape (fingerprint ${recorded[at]} → ${now})`);
  }
  for (const at of Object.keys(recorded)) {
    const [type = '', v = ''] = at.split('@');
    const current = schemas.get(type)?.shape.v.value;
    // Earlier versions of today's types stay: the record of what their stored events look like.
    if (current === undefined || !(Number(v) >= 1 && Number(v) <= current))
      problems.push(`${at} is no version of any event type today: remove it, or restore the type (its stored events must stay readable)`);
  }
  return problems;
}

const FINGERPRINT_HELP = [
  'An event schema changed shape. Events already stored keep their old shape, so either:',
  '  - the change is breaking (a field renamed, removed, made required, narrowed): bump its `v`, add an upcaster from the old version',
  '    (upcasters.ts) and a stored example of the new version (storedEvents/README.md); or',
  '  - it is compatible (an optional field old events lack, an enum value added, a bound widened): put the new fingerprint',
  '    shown below in storedEvents/schemaFingerprints.json, and add a stored example of the new shape.',
  '(A zod upgrade that changes its JSON Schema output also shows here: update the fingerprints.)',
].join('\n');

/** When each stored event happened, as near as its data says: the records' `recordedAt`. */
function recordedAtOf(envelope: StoredEvent['envelope'], previous: string): string {
  const data = envelope.data as Record<string, unknown>;
  const time = [data.at, data.receivedAt, data.acknowledgedAt, data.time, data.to].find((t): t is string => typeof t === 'string');
  return time ?? previous;
}

/** The corpus as the log a projector reads: each event at the next global position on its stream. */
function asLog(stored: readonly StoredEvent[]): { readonly records: RecordedEvent[]; readonly unreadable: string[] } {
  const records: RecordedEvent[] = [];
  const unreadable: string[] = [];
  let recordedAt = '2026-11-21T00:00:00.000Z';
  stored.forEach(({ source, streamId, envelope }, index) => {
    recordedAt = recordedAtOf(envelope, recordedAt);
    const parsed = safeParseEvent(envelope);
    if (parsed.ok) records.push({ event: parsed.value, meta: { globalPosition: index + 1, streamId, recordedAt } });
    else unreadable.push(`${source}: ${parsed.error.message}`);
  });
  return { records, unreadable };
}

/**
 * A rebuild of every read model from `records`, skipping as the projector's projectBatch does: an
 * event a projection throws on, or a document that cannot be written or sent to clients, is skipped
 * and reported rather than stopping the rebuild. Also says which events changed no document.
 */
function rebuild(records: readonly RecordedEvent[], projections: readonly Projection<unknown>[] = allProjections) {
  const docs = new Map<string, Map<string, ReadModelDoc<unknown>>>(projections.map((p) => [p.collection, new Map()]));
  const skipped: string[] = [];
  const unchanged: { readonly event: DomainEvent; readonly meta: ProjectionMeta; readonly named: boolean }[] = [];
  for (const { event, meta } of records) {
    let changed = false;
    let named = false;
    for (const projection of projections) {
      const collection = docs.get(projection.collection) ?? new Map<string, ReadModelDoc<unknown>>();
      named ||= projection.idOf(event, meta) !== null;
      try {
        const change = projectEvent(projection, (id) => collection.get(id) ?? null, event, meta);
        if (change.kind === 'upsert') collection.set(change.doc.id, change.doc);
        if (change.kind === 'delete') collection.delete(change.id);
        changed ||= change.kind !== 'none';
      } catch (error) {
        skipped.push(`#${meta.globalPosition} ${event.type} ${projection.collection}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (!changed) unchanged.push({ event, meta, named });
  }
  for (const [collection, byId] of docs) {
    for (const doc of byId.values()) {
      try {
        JSON.stringify(doc.data);
        toLiveMessage(doc);
      } catch (error) {
        skipped.push(`${collection}/${doc.id} (#${doc.version}): ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  return { docs, skipped, unchanged };
}

/** Events a read model names but leaves alone on purpose: another strategy's settings live in the strategies' state, not the settings read model. */
const IGNORED_BY_DESIGN = (event: DomainEvent): boolean =>
  (event.type === 'SettingsUpdated' || event.type === 'SettingsReset') && event.data.strategyId !== undefined;

const stored = readStoredEvents();

describe('stored events of every older version (issue 32, point 5)', () => {
  it("issue 32, point 5: given the stored corpus, when each event is read today, then it is today's version of its type with nothing dropped", () => {
    // given
    expect(stored.length).toBeGreaterThan(0);
    // when
    const problems = readingProblems(stored);
    // then
    expect(problems).toEqual([]);
  });

  it("issue 32, point 5: given today's schemas, then every event type has a stored example of each version from 1 to its current one", () => {
    // given
    const schemas = todaysSchemas();
    // when
    const missing = missingExamples(stored, schemas);
    // then
    expect(missing, 'Add a stored example of each to storedEvents/ (see its README)').toEqual([]);
    expect(schemas.size).toBe(Object.keys(EVENT_STREAM_CATEGORY).length);
  });

  it('issue 32, point 5: given the committed fingerprints, then no event schema has changed shape without a version bump', () => {
    // given
    const recorded = readSchemaFingerprints();
    // when
    const problems = fingerprintProblems(recorded);
    // then
    expect(problems, FINGERPRINT_HELP).toEqual([]);
  });

  it('issue 32, point 5: given the stored log of every build, when every read model is rebuilt from it, then no event is skipped and each stream reaches its documents', () => {
    // given
    const { records, unreadable } = asLog(stored);
    // when
    const { docs, skipped, unchanged } = rebuild(records);
    // then
    expect(unreadable).toEqual([]);
    expect(skipped).toEqual([]);
    // An event a read model names but does not change is one it ignored (e.g. a signal event without its SignalReceived).
    const ignored = unchanged.filter((u) => u.named && !IGNORED_BY_DESIGN(u.event));
    expect(ignored.map((u) => `#${u.meta.globalPosition} ${u.event.type} on ${u.meta.streamId}`)).toEqual([]);
    for (const [collection, byId] of docs) expect(byId.size, `${collection} has no document`).toBeGreaterThan(0);
    // Every signal's log follows its stream to the last event, whichever build wrote it (or past it:
    // a resting entry cancelled after its time is told on the account stream, issue 41).
    const lastOfStream = new Map(records.map((r) => [r.meta.streamId, r.meta.globalPosition]));
    for (const [streamId, last] of lastOfStream) {
      const signalId = parseStreamId(streamId)?.category === 'signal' ? parseStreamId(streamId)?.id : undefined;
      if (signalId !== undefined) expect(docs.get('webhookLogs')?.get(signalId)?.version, streamId).toBeGreaterThanOrEqual(last);
    }
  });

  describe('the checks themselves', () => {
    const schemas = todaysSchemas();
    const declined = schemas.get('ReferralDeclined') as EventSchema;
    const bumped = { ...declined, shape: { ...declined.shape, v: { value: 2 } } } as unknown as EventSchema;

    it('issue 32, point 5: a version bump without a stored example of the new version is reported', () => {
      expect(missingExamples(stored, new Map([...schemas, ['ReferralDeclined', bumped]]))).toEqual(['ReferralDeclined@2']);
    });

    it('issue 32, point 5: an optional field added without a bump changes the fingerprint, and a removed type is reported', () => {
      const widened = z.object({
        ...declined.shape,
        data: (declined.shape as unknown as { data: z.ZodObject }).data.extend({ addedWithoutBump: z.string().optional() }),
      });
      expect(schemaFingerprint(widened)).not.toBe(schemaFingerprint(declined));
      const recorded = readSchemaFingerprints();
      const without = new Map([...schemas].filter(([type]) => type !== 'ReferralDeclined'));
      expect(fingerprintProblems(recorded, without)).toEqual([
        'ReferralDeclined@1 is no version of any event type today: remove it, or restore the type (its stored events must stay readable)',
      ]);
    });

    it("issue 32, point 5: a stored event today's schema cannot read, or reads with a field dropped, is reported", () => {
      const received = stored.find((s) => s.envelope.type === 'SignalReceived') as StoredEvent;
      const data = received.envelope.data as Record<string, unknown>;
      expect(readingProblems([{ ...received, envelope: { ...received.envelope, data: { ...data, receivedAt: 'yesterday' } } }])).toHaveLength(1);
      expect(readingProblems([{ ...received, envelope: { ...received.envelope, data: { ...data, mood: 'bullish' } } }])).toEqual([
        `${received.source} SignalReceived@1: today's schema drops or changes part of it`,
      ]);
    });

    it('issue 32, point 5: a projection that throws on a stored event is reported as a skip', () => {
      const throwing: Projection<unknown> = {
        collection: 'broken',
        idOf: () => 'x',
        apply: () => {
          throw new Error('cannot read leverage');
        },
      };
      const { records } = asLog(stored.slice(0, 1));
      expect(rebuild(records, [throwing]).skipped).toEqual(['#1 EmailClaimed broken: cannot read leverage']);
    });
  });
});
