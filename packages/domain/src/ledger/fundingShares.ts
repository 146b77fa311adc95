import type { FundingPaid } from '../account/accountEvents.js';
import type { AccountEvent } from '../eventModel/accountStreamEvents.js';
import { Dec } from '../exchange/decimal.js';
import { toWireDecimal } from '../exchange/toWireDecimal.js';
import { MAIN_ACCOUNT } from '../eventModel/strategyIds.js';
import { own } from '../shared/records.js';
import { evolveLedger } from './evolveLedger.js';
import { EMPTY_LEDGER, holdersOf, type LedgerState } from './strategyLedger.js';

/** One holder's part of a venue position: a strategy's (`strategyId`), or the part no strategy holds. */
export interface FundingShare {
  readonly strategyId?: string;
  /** Its signed size in the coin, decimal text. */
  readonly szi: string;
}

/** A payment as the venue lists it in `userFunding`, its numbers in decimal text. */
export interface VenueFunding {
  readonly coin: string;
  readonly usdc: string;
  readonly szi: string;
  readonly fundingRate: string;
  /** The venue's settlement time, ms since the epoch. */
  readonly time: number;
  readonly hash?: string;
}

/** The venue account a payment was made on: `main`, or a sub-account's lower-case address (as the ledger's `outside`). */
export type FundingAccount = string;

/** Decimals a share is rounded to: the venue's own for USDC, or more when its text has more. */
const MIN_DECIMALS = 6;
const decimalsOf = (text: string): number => text.split('.')[1]?.length ?? 0;

/**
 * The strategy ledger as it stood at `time` (ms): the fills and drifts of `account-<uid>` that
 * happened by then, by their own time (a fill is recorded after it happened). Only those make the
 * holdings; the rest of the ledger is not needed to share a payment.
 */
export function ledgerAt(events: readonly AccountEvent[], time: number): LedgerState {
  let state = EMPTY_LEDGER;
  for (const event of events) {
    if (event.type === 'FillRecorded' && Date.parse(event.data.time) <= time) state = evolveLedger(state, event);
    else if (event.type === 'PositionDriftReconciled' && Date.parse(event.data.at) <= time) state = evolveLedger(state, event);
  }
  return state;
}

/**
 * Who held `coin` on `account` in `ledger`: each strategy trading on that account (`tradesOn`)
 * with a position, and the part no strategy holds (the ledger's `outside`), when there is one.
 */
export function fundingShares(ledger: LedgerState, coin: string, account: FundingAccount, tradesOn: (strategyId: string) => boolean): FundingShare[] {
  const shares: FundingShare[] = Object.entries(holdersOf(ledger, coin))
    .filter(([strategyId, szi]) => tradesOn(strategyId) && !new Dec(szi).isZero())
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([strategyId, szi]) => ({ strategyId, szi }));
  const outside = own(own(ledger.outside, account) ?? {}, coin);
  if (outside !== undefined && !new Dec(outside).isZero()) shares.push({ szi: outside });
  return shares;
}

/**
 * Splits one venue payment by the holders' shares of the position (by size, whatever its sign):
 * one FundingPaid each, amounts rounded toward zero to the venue's USDC decimals, the last holder
 * taking the remainder, so the parts sum exactly to what the venue paid. No holder (a position the
 * ledger does not know of): one event for the whole payment, no strategy's.
 */
export function splitFunding(payment: VenueFunding, shares: readonly FundingShare[], subAccount: string | undefined): FundingPaid[] {
  const base = {
    coin: payment.coin,
    fundingRate: toWireDecimal(payment.fundingRate),
    time: new Date(payment.time).toISOString(),
    ...(payment.hash !== undefined ? { hash: payment.hash } : {}),
    ...(subAccount !== undefined ? { subAccount } : {}),
  };
  const total = new Dec(payment.usdc);
  const sizes = shares.map((share) => new Dec(share.szi).abs());
  const held = sizes.reduce((sum, size) => sum.plus(size), new Dec(0));
  if (shares.length === 0 || held.isZero()) {
    return [{ type: 'FundingPaid', v: 1, data: { ...base, usdc: toWireDecimal(payment.usdc), szi: toWireDecimal(payment.szi) } }];
  }
  const decimals = Math.max(MIN_DECIMALS, decimalsOf(payment.usdc));
  let left = total;
  return shares.map((share, index) => {
    const last = index === shares.length - 1;
    const part = last ? left : total.mul(sizes[index]!).div(held).toDecimalPlaces(decimals, Dec.ROUND_DOWN);
    left = left.minus(part);
    return {
      type: 'FundingPaid',
      v: 1,
      data: {
        ...base,
        usdc: toWireDecimal(part.toFixed()),
        szi: toWireDecimal(share.szi),
        ...(share.strategyId !== undefined ? { strategyId: share.strategyId } : {}),
      },
    };
  });
}

/** The key of one venue payment: a payment read twice (a restart, an overlapping read) is recorded once. */
export function fundingKey(payment: { readonly coin: string; readonly time: number | string }, account: FundingAccount): string {
  const time = typeof payment.time === 'number' ? payment.time : Date.parse(payment.time);
  return `${account}|${payment.coin}|${time}`;
}

/** The account a recorded FundingPaid was paid on. */
export function fundingAccountOf(data: FundingPaid['data']): FundingAccount {
  return data.subAccount ?? MAIN_ACCOUNT;
}
