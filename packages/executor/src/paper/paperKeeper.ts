import { paperStreamId, parseStreamId, streamPrefix, type PaperAccountSnapshotTaken, type PaperEvent, type StrategyState } from '@hyperhook/domain';
import { followLog, toNewEvent } from '@hyperhook/eventsourcing';
import type { FundingRate, HyperliquidClient, PerpAsset } from '@hyperhook/hyperliquid';
import { isWrongExpectedVersionError, type EventStore } from '@hyperhook/store';
import { fundingHourOf, openPaperAccount, PAPER_MARKET_IS_TESTNET, unpaidFunding, type PaperFill, type UserProfiles } from '@hyperhook/trading';
import type { ExecutorLog } from '../executorLog.js';
import { startKeeperLoop, type CheckTimer } from '../periodicCheck.js';
import { ownsUser, type Partition } from '../partition.js';
import { paperFillEvent, paperFundingEvent, paperSnapshotEvent, type PaperRun } from './paperAccountEvents.js';
import { moveStopsToBreakEven } from './paperBreakEvenMoves.js';
import { keepPaperExits } from './keepPaperExits.js';
import { expirePaperResting } from './expirePaperResting.js';

/** Options of {@link startPaperKeeper}. */
export interface PaperKeeperOptions {
  readonly eventStore: EventStore;
  readonly client: Pick<HyperliquidClient, 'getAssets' | 'getMids' | 'getFundingRates'>;
  readonly profiles: UserProfiles;
  readonly partition: Partition | undefined;
  readonly clock: () => number;
  readonly log: ExecutorLog;
  /**
   * How often the open paper positions are checked, default 10 s: against the marks (liquidation)
   * at every check, for funding once in each hour. The marks come from the shared market feed (the
   * venue's WebSocket, else a REST read of all mids every second at most), so a check costs the
   * venue's budget nothing but the hourly funding read (metaAndAssetCtxs, weight 20).
   */
  readonly intervalMs?: number;
  /** Starts the wait before the next check, default setTimeout: tests hold it (answer undefined) and call check() themselves. */
  readonly setTimer?: CheckTimer;
}

/** A running keeper of the paper accounts. */
export interface PaperKeeper {
  /** Checks every open paper account of the partition now (after the first catch-up with the log); resolves when done. */
  check(): Promise<void>;
  /** Stops the timer and following the log; a check in progress ends first. */
  stop(): Promise<void>;
}

/** What one check reads once for every account: the venue's universe and mids, the funding rates when an hour is due. */
interface CheckMarket {
  readonly assets: PerpAsset[];
  readonly mids: Record<string, number>;
  fundingRates(): Promise<Record<string, FundingRate> | undefined>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * What the venue does to an open position or a live order by itself, done on paper (issue 30):
 * funding paid or received every hour at the venue's real rate for the coin (rule 17), resting
 * limits filled and stop-loss / take-profit triggers fired on the mark (issue 41, point 3),
 * liquidation once the account no longer covers its maintenance margin at the mark, on the venue
 * engine's rules (the paper venue's payFunding and setMids), and what hyperhook does to a live
 * position by itself too: a stop armed to move to break-even moved at the mids (issue 41 §3,
 * moveStopsToBreakEven, as live's protection keeper) and an entry whose `cancelAfterMinutes` has come
 * cancelled (expirePaperResting, as live's resting expiry keeper), recorded on `paper-<uid>`:
 * PaperFundingPaid, each fill's PaperFillRecorded (an order's for the alert that placed it, a
 * liquidation's for none), then the account's snapshot with the orders still live, in one
 * append with the stream's version expected. The log is the only memory: which hour is paid is read
 * from it at every check, so neither a restart nor a second executor pays an hour twice (the
 * expected version refuses the second writer, which finds the hour paid at its next check).
 *
 * Which accounts have open positions or live orders is followed from the paper snapshots (followLog, from the
 * first event, no checkpoint); every check then opens each such account from the log at the mids
 * of the shared market feed, as an alert does. Funding is settled for the latest funding hour
 * only, at the rate the venue states when it is settled: hours that passed while no executor ran
 * are not paid afterwards, for the venue's rate of a past hour is not read.
 */
export async function startPaperKeeper(options: PaperKeeperOptions): Promise<PaperKeeper> {
  const { eventStore, client, profiles, partition, clock, log } = options;
  const intervalMs = options.intervalMs ?? 10_000;
  /** Users with a paper strategy whose latest snapshot shows positions: those strategies, with that snapshot's position in the log. */
  const open = new Map<string, Map<string, number>>();
  /** The funding hour last settled here per strategy's run: nothing to read for it until the next hour. */
  const settled = new Map<string, number>();
  let stopping = false;

  const follower = followLog({
    eventStore,
    startAt: 'first',
    filter: { streamPrefix: streamPrefix('paper'), types: ['PaperAccountSnapshotTaken'] },
    batchSize: 500,
    handle: (batch) => {
      for (const event of batch.events) {
        const stream = parseStreamId(event.streamId);
        if (stream?.category !== 'paper' || !ownsUser(stream.id, partition)) continue;
        const { strategyId, positions, orders } = event.data as PaperAccountSnapshotTaken['data'];
        const strategies = open.get(stream.id) ?? new Map<string, number>();
        if (positions.length > 0 || (orders?.length ?? 0) > 0) strategies.set(strategyId, event.globalPosition);
        else strategies.delete(strategyId);
        if (strategies.size > 0) open.set(stream.id, strategies);
        else open.delete(stream.id);
      }
    },
    onError: (error) => log({ level: 'error', msg: 'paper keeper stopped following the log', error: messageOf(error) }),
  });
  await follower.started;

  /** One paper strategy's run: funding due, then liquidation at the marks, recorded in one append. */
  const keep = async (uid: string, strategy: StrategyState & { paper: NonNullable<StrategyState['paper']> }, market: CheckMarket): Promise<boolean> => {
    const run: PaperRun = { strategyId: strategy.id, epoch: strategy.paper.epoch };
    const now = clock();
    const { venue, accountId, record } = await openPaperAccount(
      eventStore,
      { uid, strategyId: strategy.id, run: strategy.paper },
      { assets: market.assets, mids: market.mids, now: clock },
    );
    const held = venue.snapshot(accountId).positions;
    if (held.length === 0 && record.orders.length === 0) return false;
    const events: PaperEvent[] = [];
    const at = iso(now);

    const hour = fundingHourOf(now);
    const runKey = `${uid}:${run.strategyId}:${run.epoch}`;
    let fundingSettled = settled.get(runKey) === hour;
    if (!fundingSettled) {
      const due = unpaidFunding(record, hour, market.assets);
      const rates = due.length === 0 ? {} : await market.fundingRates();
      fundingSettled = rates !== undefined;
      for (const { coin, szi } of due) {
        const rate = rates?.[coin];
        if (rate === undefined) {
          fundingSettled = false;
          continue;
        }
        const paid = venue.payFunding(accountId, { hour, coin, szi, fundingRate: rate.fundingRate, oraclePx: rate.oraclePx });
        if (paid !== null) events.push(paperFundingEvent(run, paid, at));
      }
    }

    // The marks move to the mids as on the venue (the engine's onMarkChange): crossed resting orders
    // fill at their price, reached stops and targets fire, each fill its placing alert's, then what
    // the marks leave below maintenance is liquidated (a fill no alert placed). A coin without a mid
    // (delisted) is marked at 1 by the paper venue: judge no account holding one.
    const ordersBefore = venue.openOrders(accountId);
    const fired: PaperFill[] = [];
    if (held.every((p) => market.mids[p.coin] !== undefined)) {
      for (const fill of venue.setMids(market.mids).get(accountId) ?? []) {
        fired.push(fill);
        events.push(paperFillEvent(run, fill, venue.signalOf(fill)));
      }
    }
    // Then the stops armed to move (issue 41 §3) move at these mids, as live's protection keeper moves them,
    // and the positions kept the live way have their take-profit fills counted, their trail moved and their triggers refitted.
    const breakEvens = moveStopsToBreakEven({ venue, accountId, armed: record.breakEvens, mids: market.mids, assets: market.assets, log, uid, run });
    const exits = keepPaperExits({ venue, accountId }, record.exits, { ordersBefore, fired, mids: market.mids, assets: market.assets, now, log, uid, run });
    // Then the entries whose cancelAfterMinutes has come (issue 41 §3) are cancelled, what filled at these mids kept.
    events.push(...expirePaperResting({ account: { venue, accountId }, now, run, uid, log }));
    const orders = venue.openOrders(accountId);
    const snapshot = paperSnapshotEvent(run, venue.snapshot(accountId), at, orders, breakEvens, exits);
    const armedChanged =
      snapshot.type === 'PaperAccountSnapshotTaken' &&
      (JSON.stringify(snapshot.data.breakEvens ?? []) !== JSON.stringify(record.breakEvens) ||
        JSON.stringify(snapshot.data.exits ?? []) !== JSON.stringify(record.exits));
    if (events.length > 0 || armedChanged || JSON.stringify(orders) !== JSON.stringify(record.orders)) {
      events.push(snapshot);
      await eventStore.append(
        paperStreamId(uid),
        events.map((event) => toNewEvent(event, { userId: uid })),
        { expectedVersion: record.version < 0 ? 'no_stream' : record.version },
      );
      for (const event of events) {
        if (event.type === 'PaperFundingPaid')
          log({ level: 'info', msg: 'paper funding settled', userId: uid, strategyId: run.strategyId, coin: event.data.coin, usdc: event.data.usdc });
        if (event.type === 'PaperFillRecorded' && event.data.signalId === undefined)
          log({ level: 'warn', msg: 'paper position liquidated', userId: uid, strategyId: run.strategyId, coin: event.data.coin, px: event.data.px });
        else if (event.type === 'PaperFillRecorded')
          log({
            level: 'info',
            msg: 'paper order filled at the mark',
            userId: uid,
            strategyId: run.strategyId,
            signalId: event.data.signalId,
            coin: event.data.coin,
          });
      }
    }
    if (fundingSettled) settled.set(runKey, hour);
    return venue.snapshot(accountId).positions.length > 0 || orders.length > 0;
  };

  const checkUser = async (uid: string, watched: Map<string, number>, market: CheckMarket): Promise<void> => {
    const { strategies } = await profiles.get(uid);
    for (const [strategyId, seenAt] of [...watched]) {
      if (stopping) return;
      const strategy = strategies.find((s) => s.id === strategyId);
      try {
        const stillOpen =
          strategy !== undefined && strategy.venue === 'paper' && strategy.paper !== null && strategy.deletedAt === null
            ? await keep(uid, { ...strategy, paper: strategy.paper }, market)
            : false;
        // A run with nothing open (closed, reset, promoted, deleted) is watched again when a snapshot shows a position;
        // one that showed a position again while it was checked stays watched.
        if (!stillOpen && watched.get(strategyId) === seenAt) watched.delete(strategyId);
      } catch (error) {
        const moved = isWrongExpectedVersionError(error);
        log({
          level: moved ? 'info' : 'error',
          msg: moved ? 'paper account moved while it was checked; checked again next time' : 'paper account check failed',
          userId: uid,
          strategyId,
          error: messageOf(error),
        });
      }
    }
  };

  const checkAll = async (): Promise<void> => {
    try {
      await follower.caughtUp;
    } catch {
      return; // the follower stopped, and said why (onError)
    }
    const users = [...open].filter(([, strategies]) => strategies.size > 0);
    if (users.length === 0 || stopping) return;
    let assets: PerpAsset[];
    let mids: Record<string, number>;
    try {
      [assets, mids] = await Promise.all([client.getAssets(PAPER_MARKET_IS_TESTNET), client.getMids(PAPER_MARKET_IS_TESTNET)]);
    } catch (error) {
      log({ level: 'warn', msg: 'paper accounts not checked: the market could not be read', error: messageOf(error) });
      return;
    }
    let rates: Promise<Record<string, FundingRate> | undefined> | undefined;
    const market: CheckMarket = {
      assets,
      mids,
      fundingRates: () =>
        (rates ??= client.getFundingRates(PAPER_MARKET_IS_TESTNET).catch((error: unknown) => {
          log({ level: 'warn', msg: 'paper funding not settled: the funding rates could not be read', error: messageOf(error) });
          return undefined;
        })),
    };
    for (const [uid, watched] of users) {
      if (stopping) return;
      try {
        await checkUser(uid, watched, market);
      } catch (error) {
        log({ level: 'error', msg: 'paper accounts of a user not checked', userId: uid, error: messageOf(error) });
      }
      if (watched.size === 0 && open.get(uid) === watched) open.delete(uid);
    }
  };

  return startKeeperLoop({
    name: 'paper',
    log,
    run: checkAll,
    intervalMs,
    setTimer: options.setTimer,
    follower,
    onStop: () => {
      stopping = true;
    },
  });
}
