import {
  accountStreamId,
  fundingAccountOf,
  fundingKey,
  fundingShares,
  isAccountEvent,
  ledgerAt,
  MAIN_ACCOUNT,
  parseStreamId,
  splitFunding,
  streamPrefix,
  type AccountEvent,
  type FillRecorded,
  type FundingPaid,
  type LedgerState,
  type PositionsSnapshotTaken,
} from '@hyperhook/domain';
import { decodeStreamEvents, followLog, toNewEvent } from '@hyperhook/eventsourcing';
import type { UserFunding } from '@hyperhook/hyperliquid';
import { FUNDING_INTERVAL_MS, fundingHourOf } from '@hyperhook/trading';
import type { ExecutorContext } from './executorContext.js';
import { accountOfStrategy, fundingAccountsOf } from './fundingAccounts.js';
import { ownsUser, type Partition } from './partition.js';
import { createScanGate } from './scanGate.js';
import { startKeeperLoop, type CheckTimer, type PeriodicCheck } from './periodicCheck.js';

/** Options of {@link startFundingKeeper}. */
export interface FundingKeeperOptions {
  readonly ctx: ExecutorContext;
  readonly partition: Partition | undefined;
  /** How often due users are looked for, default 60 s; each user is read once a funding hour. */
  readonly intervalMs?: number;
  readonly setTimer?: CheckTimer;
  /** Most users read in one check, default 25: at 20 weight a read, well inside the deferrable share a minute. */
  readonly usersPerCheck?: number;
  /** How long after the hour its payments are read, default 60 s: the venue lists them once settled. */
  readonly settleDelayMs?: number;
  /** How far back a user with no payment recorded is read, default 7 days. */
  readonly lookbackMs?: number;
}

/** A running funding keeper: check() reads the users due now. */
export type FundingKeeper = PeriodicCheck;

/** What the log says of one user, enough to know whether to read them and from when. */
interface Watched {
  /** Whether the last look showed a position (a fill since, or a snapshot with positions). */
  holding: boolean;
  /** The latest time a position was seen (a fill's time, a snapshot's with positions), ms. */
  heldAt: number;
  /** The earliest fill seen, ms: where a first read starts. */
  firstFillAt: number;
  /** Sub-accounts fills were recorded on. */
  readonly subAccounts: Set<string>;
  /** Venue account → the time of its latest recorded payment, ms: the next read starts after it. */
  readonly paidUntil: Map<string, number>;
  /** The payments recorded (fundingKey): one read twice is recorded once. */
  readonly recorded: Set<string>;
  /** The funding hour this process last read the user for. */
  readHour: number;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const isHeld = (ledger: LedgerState): boolean =>
  Object.values(ledger.holdings).some((byStrategy) => Object.values(byStrategy).some((h) => Number(h.szi) !== 0)) ||
  Object.values(ledger.outside).some((byCoin) => Object.values(byCoin).some((szi) => Number(szi) !== 0));

/**
 * Records the funding the venue paid or charged on live positions (issue 43, rule 17): once every
 * funding hour, each user of the partition who held a position since the last read has
 * `userFunding` read for each venue account (main and sub-accounts) from just after the latest
 * payment the log records, so a restart neither misses a payment nor records one twice (and one
 * read twice is recognised by its coin, account and time). Each payment is shared among the
 * strategies that held the coin on that account at its time (the ledger folded to then) as
 * FundingPaid events summing to the venue's amount. The reads take the deferrable lane, the
 * lowest priority of the weight budget, and run outside the users' lanes: they never hold an
 * order back. At most `usersPerCheck` users are read a check, the oldest read first.
 */
export async function startFundingKeeper(options: FundingKeeperOptions): Promise<FundingKeeper> {
  const { ctx, partition } = options;
  const usersPerCheck = options.usersPerCheck ?? 25;
  const settleDelayMs = options.settleDelayMs ?? 60_000;
  const lookbackMs = options.lookbackMs ?? 7 * 24 * 3_600_000;
  const users = new Map<string, Watched>();
  let stopping = false;
  const gate = createScanGate(() => follower.scanned);

  const watched = (uid: string): Watched => {
    let user = users.get(uid);
    if (user === undefined) {
      user = { holding: false, heldAt: 0, firstFillAt: 0, subAccounts: new Set(), paidUntil: new Map(), recorded: new Set(), readHour: -Infinity };
      users.set(uid, user);
    }
    return user;
  };

  const notePaid = (user: Watched, data: FundingPaid['data']): void => {
    const account = fundingAccountOf(data);
    const time = Date.parse(data.time);
    user.recorded.add(fundingKey(data, account));
    user.paidUntil.set(account, Math.max(user.paidUntil.get(account) ?? 0, time));
  };

  const follower = followLog({
    eventStore: ctx.eventStore,
    startAt: 'first',
    filter: { streamPrefix: streamPrefix('account'), types: ['FillRecorded', 'PositionsSnapshotTaken', 'FundingPaid'] },
    batchSize: 500,
    handle: (batch) => {
      for (const recorded of batch.events) {
        const stream = parseStreamId(recorded.streamId);
        if (stream?.category !== 'account' || !ownsUser(stream.id, partition)) continue;
        const user = watched(stream.id);
        if (recorded.type === 'FundingPaid') {
          notePaid(user, recorded.data as FundingPaid['data']);
        } else if (recorded.type === 'FillRecorded') {
          const data = recorded.data as FillRecorded['data'];
          const time = Date.parse(data.time);
          user.holding = true;
          user.heldAt = Math.max(user.heldAt, time);
          user.firstFillAt = user.firstFillAt === 0 ? time : Math.min(user.firstFillAt, time);
          if (data.subAccount !== undefined) user.subAccounts.add(data.subAccount);
        } else {
          const data = recorded.data as PositionsSnapshotTaken['data'];
          user.holding = data.positions.length > 0;
          if (user.holding) user.heldAt = Math.max(user.heldAt, Date.parse(data.at));
        }
      }
    },
    onProgress: gate.progressed,
    onError: (error) => {
      gate.failed();
      ctx.log({ level: 'error', msg: 'funding keeper stopped following the log', error: messageOf(error) });
    },
  });
  await follower.started;

  /** Whether the user held a position since the hour they were last read for (or holds one now, as the ledger says). */
  const heldSinceLastRead = async (uid: string, user: Watched, now: number): Promise<boolean> => {
    if (user.holding || user.heldAt > Math.max(user.readHour, now - lookbackMs)) return true;
    return isHeld(await ctx.ledgers.get(uid));
  };

  /** Shares and records one account's new payments; returns how many events were appended. */
  const record = async (uid: string, user: Watched, account: string, payments: readonly UserFunding[]): Promise<number> => {
    const fresh = payments.filter((p) => !user.recorded.has(fundingKey(p, account)));
    if (fresh.length === 0) return 0;
    const stream = decodeStreamEvents(await ctx.eventStore.readStream(accountStreamId(uid))).filter(isAccountEvent) as AccountEvent[];
    const { strategies } = await ctx.profiles.get(uid);
    const tradesOn = (strategyId: string) => accountOfStrategy(strategies, strategyId) === account;
    const subAccount = account === MAIN_ACCOUNT ? undefined : account;
    const ledgers = new Map<number, LedgerState>();
    const events = fresh.flatMap((payment) => {
      const ledger = ledgers.get(payment.time) ?? ledgerAt(stream, payment.time);
      ledgers.set(payment.time, ledger);
      return splitFunding(payment, fundingShares(ledger, payment.coin, account, tradesOn), subAccount);
    });
    await ctx.eventStore.append(
      accountStreamId(uid),
      events.map((event) => toNewEvent(event)),
    );
    for (const event of events) notePaid(user, event.data);
    return events.length;
  };

  /** Reads one user's accounts from after their latest recorded payment and records what is new. */
  const readUser = async (uid: string, user: Watched, hour: number, now: number): Promise<void> => {
    const { credentials, strategies } = await ctx.profiles.get(uid);
    if (credentials === null) return;
    let appended = 0;
    for (const account of fundingAccountsOf(strategies, user.subAccounts)) {
      if (stopping) return;
      const paid = user.paidUntil.get(account);
      const from = paid !== undefined ? paid + 1 : Math.max(user.firstFillAt - FUNDING_INTERVAL_MS, now - lookbackMs);
      const address = account === MAIN_ACCOUNT ? credentials.accountAddress : account;
      const payments = await ctx.client.userFunding(address, from, undefined, credentials.isTestnet);
      appended += await record(uid, user, account, payments);
    }
    user.readHour = hour;
    if (appended > 0) ctx.log({ level: 'info', msg: 'funding payments recorded', userId: uid, events: appended });
  };

  const checkAll = async (): Promise<void> => {
    // A check answers for the log as it was when it began: every fill and payment on it by then is known.
    const head = await ctx.eventStore.headPosition();
    await gate.reached(head);
    const now = ctx.clock();
    const hour = fundingHourOf(now - settleDelayMs);
    const due = [...users].filter(([, user]) => user.readHour < hour).sort(([, a], [, b]) => a.readHour - b.readHour);
    let read = 0;
    for (const [uid, user] of due) {
      if (stopping || read >= usersPerCheck) return;
      try {
        if (!(await heldSinceLastRead(uid, user, now))) {
          user.readHour = hour;
          continue;
        }
        read += 1;
        await readUser(uid, user, hour, now);
      } catch (error) {
        // Left due: read again at the next check.
        ctx.log({ level: 'warn', msg: 'funding payments not read; retrying', userId: uid, error: messageOf(error) });
      }
    }
  };

  return startKeeperLoop({
    name: 'funding',
    log: ctx.log,
    run: checkAll,
    intervalMs: options.intervalMs ?? 60_000,
    setTimer: options.setTimer,
    follower,
    onStop: () => {
      stopping = true;
      gate.release();
    },
  });
}
