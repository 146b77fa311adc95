import { paperStreamId, userStreamId, type DomainEvent, type PaperEvent, type ParsedAlert, type SignalEvent } from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExecutorFixture, type ExecutorFixture } from '../testing/executorFixture.js';
import { outcomeOf, STRATEGY_TEST_SETTINGS } from '../testing/liveStrategies.js';

const PAPER = { strategyId: 'st_paper', venue: 'paper' as const };
const now = () => new Date().toISOString();
type Snapshot = Extract<PaperEvent, { type: 'PaperAccountSnapshotTaken' }>['data'];

describe('executor: a cancel alert on a paper strategy (issue 41 §3)', () => {
  let fx: ExecutorFixture;
  beforeEach(async () => {
    fx = await createExecutorFixture({ mainnet: 'simulator' });
  });
  afterEach(async () => {
    await fx.close();
  });

  async function paperUser(uid: string): Promise<string> {
    const user = await fx.addUser(uid, { keys: false });
    const created: DomainEvent = {
      type: 'StrategyCreated',
      v: 1,
      data: { strategyId: PAPER.strategyId, name: 'Paper exits', venue: 'paper', paperBalance: 50_000, settings: STRATEGY_TEST_SETTINGS, at: now() },
    };
    await fx.store.eventStore.append(userStreamId(user.uid), [toNewEvent(created)]);
    return user.uid;
  }
  const trade = async (uid: string, alert: Partial<ParsedAlert> & Pick<ParsedAlert, 'coin' | 'action'>): Promise<{ id: string; events: SignalEvent[] }> => {
    const id = await fx.receive(uid, alert, now(), PAPER);
    return { id, events: await fx.terminal(id) };
  };
  const lastSnapshot = async (uid: string): Promise<Snapshot | undefined> => {
    const found = (await fx.events(paperStreamId(uid))).findLast((e) => e.type === 'PaperAccountSnapshotTaken');
    return found?.type === 'PaperAccountSnapshotTaken' ? found.data : undefined;
  };

  it('issue 41 §3: given a paper long with a stop and two resting ETH limits and a resting BTC limit, when cancel ETH arrives, then both ETH limits are cancelled in live’s words, the BTC limit and the stop stay, recorded with the account in one commit', async () => {
    const uid = await paperUser('u-paper-cancel');
    await fx.start();
    await trade(uid, { coin: 'ETH', action: 'buy', size: 700, leverage: 2, stopLoss: 3_200 });
    const first = await trade(uid, { coin: 'ETH', action: 'buy', orderType: 'limit', price: 3_400, size: 300, leverage: 2 });
    const second = await trade(uid, { coin: 'ETH', action: 'buy', orderType: 'limit', price: 3_300, size: 300, leverage: 2, takeProfit: 3_900 });
    await trade(uid, { coin: 'BTC', action: 'buy', orderType: 'limit', price: 90_000, size: 300, leverage: 2 });
    const before = await lastSnapshot(uid);
    const paperBefore = (await fx.events(paperStreamId(uid))).length;

    const cancel = await trade(uid, { coin: 'ETH', action: 'cancel' });

    const limits = before?.orders?.filter((o) => o.coin === 'ETH' && o.tif === 'Gtc') ?? [];
    expect(outcomeOf(cancel.events)).toEqual({
      type: 'RestingOrdersCancelled',
      v: 1,
      data: {
        at: expect.any(String),
        reason: 'Cancelled 2 resting ETH orders of this strategy; its stop-loss and take-profit are kept.',
        cancelled: limits.map((o) => ({ cloid: o.cloid, signalId: o.signalId, oid: o.oid })),
      },
    });
    expect(limits.map((o) => o.signalId)).toEqual([first.id, second.id]);
    const after = await lastSnapshot(uid);
    expect(after?.orders?.map((o) => [o.coin, o.trigger?.tpsl ?? o.tif, o.trigger?.px ?? o.limitPx])).toEqual([
      ['ETH', 'sl', '3200'],
      ['BTC', 'Gtc', '90000'],
    ]);
    expect(after?.positions).toEqual(before?.positions);
    expect((await fx.events(paperStreamId(uid))).slice(paperBefore).map((e) => e.type)).toEqual(['PaperAccountSnapshotTaken']);
  });

  it('issue 41 §3: given a paper strategy with nothing resting in the coin, when cancel arrives, then the log says so in live’s words and the paper account is left as it is', async () => {
    const uid = await paperUser('u-paper-cancel-none');
    await fx.start();
    await trade(uid, { coin: 'ETH', action: 'buy', size: 700, leverage: 2 });
    const paperBefore = await fx.events(paperStreamId(uid));

    const cancel = await trade(uid, { coin: 'ETH', action: 'cancel' });

    expect(cancel.events.map((e) => e.type)).toEqual(['SignalReceived', 'SignalValidationStarted', 'RestingOrdersCancelled']);
    expect(outcomeOf(cancel.events)).toMatchObject({
      data: { reason: 'No resting ETH orders of this strategy to cancel: nothing was sent.', cancelled: [] },
    });
    expect(await fx.events(paperStreamId(uid))).toEqual(paperBefore);
  });

  it('issue 41 §3: given a paper limit entry with a grouped stop that filled in part, when it is cancelled, then its waiting stop goes with it and the position that filled gets that stop, as live protects it', async () => {
    const uid = await paperUser('u-paper-cancel-partial');
    await fx.start();
    // Above the mid, a large GTC buy takes what the synthetic book offers up to its price and rests the rest.
    const entry = await trade(uid, { coin: 'ETH', action: 'buy', orderType: 'limit', price: 3_501, quantity: 40, leverage: 10, stopLoss: 3_300 });
    const resting = await lastSnapshot(uid);
    const held = resting?.positions[0]?.szi;
    expect(Number(held)).toBeGreaterThan(0);
    expect(resting?.orders).toMatchObject([{ tif: 'Gtc' }, { waitingForParent: true, trigger: { px: '3300', tpsl: 'sl' } }]);

    const cancel = await trade(uid, { coin: 'ETH', action: 'cancel' });

    expect(outcomeOf(cancel.events)).toMatchObject({ data: { cancelled: [{ signalId: entry.id }] } });
    const after = await lastSnapshot(uid);
    expect(after?.positions[0]?.szi).toBe(held);
    expect(after?.orders).toMatchObject([{ trigger: { px: '3300', tpsl: 'sl' }, wholePosition: true, sz: held, reduceOnly: true, signalId: entry.id }]);
  });
});
