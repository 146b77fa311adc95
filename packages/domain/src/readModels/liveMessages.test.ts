import { describe, expect, expectTypeOf, it } from 'vitest';
import { account, at, received, UID } from '../testing/fixtures.js';
import type { AccountEvent } from '../eventModel/accountStreamEvents.js';
import { accountStreamId, signalStreamId, userStreamId } from '../eventModel/streams.js';
import { allProjections } from './allProjections.js';
import { LIVE_READ_MODELS, NOT_PUSHED_COLLECTIONS, readLiveSnapshot, toLiveMessage } from './liveMessages.js';
import {
  asLiveChange,
  LIVE_KINDS,
  LIVE_SHAPES,
  LiveMessageSchema,
  reduceLiveMessage,
  type LiveMessage,
  type LiveReducers,
  type ReceivedLiveMessage,
} from './liveShapes.js';
import { foldProjection, type ReadModelDoc } from './readModel.js';
import type { ReadModelReader } from './readModelReader.js';
import { eventLog } from './testing/eventLog.js';

const balanceTaken: AccountEvent = {
  type: 'BalanceSnapshotTaken',
  v: 2,
  data: { at: at(50), availableBalance: '900', totalEquity: '1000', marginUsed: '100', totalNotional: '500', withdrawable: '850', spotUsdc: '0' },
};

/** Every read model of one user after sign-up, a signal and a balance snapshot, as the projector writes them. */
function projectedDocs(): ReadModelDoc<unknown>[] {
  const log = eventLog();
  log.append(userStreamId(UID), ...account);
  log.append(signalStreamId(received.type === 'SignalReceived' ? received.data.signalId : 'sig'), received);
  log.append(accountStreamId(UID), balanceTaken);
  return allProjections.flatMap((projection) => [...foldProjection(projection, log.records).values()]);
}

/** A read store over documents in memory (the query ignores sorting: there is one log). */
function readerOf(docs: readonly ReadModelDoc<unknown>[]): ReadModelReader {
  return {
    get: async (collection, id) => docs.find((doc) => doc.collection === collection && doc.id === id),
    query: async (collection, query) => docs.filter((doc) => doc.collection === collection && doc.userId === query.userId).slice(0, query.limit),
  };
}

/** Reducers that record what they were given, by kind. */
function recorder() {
  const applied: [string, string, unknown][] = [];
  const reducers = Object.fromEntries(
    LIVE_KINDS.map((kind) => [
      kind,
      {
        resync: (_: null, snapshot: unknown) => applied.push([kind, 'resync', snapshot]),
        change: (_: null, id: string, view: unknown) => applied.push([kind, id, view]),
      },
    ]),
  ) as unknown as LiveReducers<null>;
  return { applied, reducers };
}

describe('live messages (issue 29, point 7)', () => {
  it('issue 29, point 7: given every collection the projector writes, then each is either pushed live or listed as not pushed with why, never both', () => {
    const written = allProjections.map((projection) => projection.collection);
    for (const collection of written) {
      const live = (LIVE_KINDS as readonly string[]).includes(collection);
      const notPushed = Object.hasOwn(NOT_PUSHED_COLLECTIONS, collection);
      expect({ collection, listedOnce: live !== notPushed }).toEqual({ collection, listedOnce: true });
    }
    // Nothing stale: each listed collection is one the projector writes, and says why.
    expect([...LIVE_KINDS, ...Object.keys(NOT_PUSHED_COLLECTIONS)].filter((collection) => !written.includes(collection))).toEqual([]);
    for (const why of Object.values(NOT_PUSHED_COLLECTIONS)) expect(why.length).toBeGreaterThan(10);
    expect(new Set(LIVE_READ_MODELS.map((entry) => entry.snapshotKey)).size).toBe(LIVE_READ_MODELS.length);
  });

  it("issue 44, point 6: given the server registry, then it is the clients' shapes in their order, each with its server half, so both sides agree on every kind, key and schema", () => {
    expect(LIVE_READ_MODELS.map((entry) => [entry.kind, entry.snapshotKey])).toEqual(LIVE_SHAPES.map((shape) => [shape.kind, shape.snapshotKey]));
    LIVE_READ_MODELS.forEach((entry, index) => {
      const shape = LIVE_SHAPES[index];
      expect([entry.view === shape?.view, entry.snapshot === shape?.snapshot, typeof entry.toView, typeof entry.read]).toEqual([
        true,
        true,
        'function',
        'function',
      ]);
    });
  });

  it('issue 29, point 7: given projected documents, when each is mapped to its live message, then a pushed view is what the resync (the /api reads) holds for it', async () => {
    // given
    const docs = projectedDocs();
    // when
    const snapshot = await readLiveSnapshot(readerOf(docs), UID);
    const changes = docs.map((doc) => toLiveMessage(doc)).filter((change) => change !== undefined);
    // then
    expect(Object.keys(snapshot)).toEqual(['webhookLogs', 'positions', 'balance', 'settings', 'keys', 'referral', 'protectiveOrders']);
    expect(snapshot.webhookLogs).toHaveLength(1);
    const byKind = new Map(changes.map((change) => [change.collection, change]));
    expect(byKind.get('webhookLogs')?.doc).toEqual(snapshot.webhookLogs[0]);
    expect(byKind.get('balances')?.doc).toEqual(snapshot.balance);
    expect(byKind.get('settings')?.doc).toEqual(snapshot.settings);
    expect(byKind.get('keySummary')?.doc).toEqual(snapshot.keys);
    expect(snapshot.balance).toMatchObject({ availableBalance: 900, totalEquity: 1000 });
    expect(changes.every((change) => change.type === 'change' && change.version > 0)).toBe(true);
    for (const doc of docs.filter((d) => Object.hasOwn(NOT_PUSHED_COLLECTIONS, d.collection))) expect(toLiveMessage(doc)).toBeUndefined();
  });

  it('issue 29, point 7: given a resync and the changes the server builds, then they pass the wire schema and every part passes its own check', async () => {
    // given
    const docs = projectedDocs();
    const messages: LiveMessage[] = [
      { type: 'resync', data: await readLiveSnapshot(readerOf(docs), UID) },
      ...docs.map((doc) => toLiveMessage(doc)).filter((m) => m !== undefined),
    ];
    const reports: string[] = [];
    const { applied, reducers } = recorder();
    // when
    for (const message of JSON.parse(JSON.stringify(messages)) as unknown[])
      reduceLiveMessage(LiveMessageSchema.parse(message), reducers, null, (what) => reports.push(what));
    // then
    expect(reports).toEqual([]);
    expect(applied.filter(([, what]) => what === 'resync').map(([kind]) => kind)).toEqual(LIVE_KINDS);
    expectTypeOf<LiveMessage>().toExtend<ReceivedLiveMessage>();
  });

  it('issue 29, point 7: given a resync with a malformed log and a malformed balance, then the valid logs and the other parts are applied and the bad ones reported', async () => {
    // given
    const snapshot = await readLiveSnapshot(readerOf(projectedDocs()), UID);
    const message: ReceivedLiveMessage = {
      type: 'resync',
      data: { ...snapshot, webhookLogs: [...snapshot.webhookLogs, { webhookLogId: 7 }], balance: { availableBalance: 'lots' } },
    };
    const reports: string[] = [];
    const { applied, reducers } = recorder();
    // when
    reduceLiveMessage(message, reducers, null, (what) => reports.push(what));
    // then
    expect(reports).toEqual(['webhookLogs', 'balance']);
    expect(applied.find(([kind]) => kind === 'webhookLogs')?.[2]).toEqual(snapshot.webhookLogs);
    expect(applied.map(([kind]) => kind)).toEqual(LIVE_KINDS.filter((kind) => kind !== 'balances'));
  });

  it('issue 29, point 7: given changes of an unknown kind, a deleted document and a malformed view, then the first is ignored, the second applied as null, the third reported', () => {
    // given
    const reports: string[] = [];
    const { applied, reducers } = recorder();
    // when
    reduceLiveMessage({ type: 'change', collection: 'somethingNewer', id: 'x', version: 1, doc: {} }, reducers, null, (what) => reports.push(what));
    reduceLiveMessage({ type: 'change', collection: 'balances', id: UID, version: 2, doc: null }, reducers, null, (what) => reports.push(what));
    reduceLiveMessage({ type: 'change', collection: 'positions', id: UID, version: 3, doc: [{ symbol: 42 }] }, reducers, null, (what) => reports.push(what));
    // then
    expect(applied).toEqual([['balances', UID, null]]);
    expect(reports).toEqual(['positions']);
  });

  it('issue 29, point 7: given notices on a user channel, then only a live kind with a full envelope is forwarded, as a change', () => {
    const change = { type: 'change', collection: 'settings', id: UID, version: 4, doc: { any: 'view' } };
    expect(asLiveChange({ collection: 'settings', id: UID, version: 4, doc: { any: 'view' } })).toEqual(change);
    expect(asLiveChange({ ...change, extra: 'dropped' })).toEqual(change);
    expect(asLiveChange({ collection: 'webhookRoutes', id: 'h', version: 1, doc: {} })).toBeUndefined();
    expect(asLiveChange({ collection: 'settings', id: UID, doc: {} })).toBeUndefined();
    expect(asLiveChange(['settings'])).toBeUndefined();
    expect(asLiveChange(null)).toBeUndefined();
  });
});
