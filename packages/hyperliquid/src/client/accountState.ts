import type { MarginMode } from '@hyperhook/domain';
import type { ClearinghouseStateResponse, SpotClearinghouseStateResponse } from '@nktkas/hyperliquid/api/info';

/** One open perp position, numbers parsed from the venue's decimal strings. */
export interface PositionSnapshot {
  coin: string;
  /** Signed size in coins: positive long, negative short. */
  szi: number;
  entryPx: number;
  /** |szi| × mark price, USD. */
  positionValue: number;
  unrealizedPnl: number;
  leverage: number;
  /** How the venue margins it; absent when not read from the venue (a position tracked from fills). */
  marginMode?: MarginMode;
  markPx: number;
  /** Null when the venue reports none (e.g. a position that cannot be liquidated). */
  liquidationPx: number | null;
  marginUsed: number;
}

/** The account's money, USD. */
export interface BalanceSnapshot {
  /** What can open new positions now (perp `withdrawable`, or free spot USDC on a unified account). */
  availableBalance: number;
  /** Account value including unrealized P&L. */
  totalEquity: number;
  marginUsed: number;
  /** Sum of |position| × mark. */
  totalNotional: number;
  /** The perp clearinghouse's own `withdrawable`, whatever the mode (for the record). */
  withdrawable: number;
  /** Spot USDC total (for the record; part of equity only on unified accounts). */
  spotUsdc: number;
}

/**
 * Where an account keeps its collateral. `standard`: the perp clearinghouse holds it (spot USDC
 * is a separate wallet that must be transferred before it can margin perps). `unified` (unified
 * account or portfolio margin): all USDC lives in spot and the perp clearinghouse figures are
 * "not meaningful" (reference §1.3, §8.10).
 */
export type AccountMode = 'standard' | 'unified';

/** Positions, balance and how the balance was read, at one venue time. */
export interface AccountSnapshot {
  positions: PositionSnapshot[];
  balance: BalanceSnapshot;
  mode: AccountMode;
  /** Venue time of the clearinghouse state, ms since the epoch. */
  time: number;
}

/** A venue decimal as a number; missing or non-numeric becomes 0 (one odd field must not hide a snapshot). */
function num(value: string | number | null | undefined): number {
  const parsed = typeof value === 'number' ? value : Number(value ?? Number.NaN);
  return Number.isFinite(parsed) ? parsed : 0;
}

/**
 * Maps `clearinghouseState.assetPositions` to snapshots. Zero-size rows (a closed position the
 * venue still lists) are dropped. The venue sends no mark price per position, but
 * positionValue = |szi| × markPx exactly (reference §1.3), so it is recovered from that.
 */
export function toPositionSnapshots(state: ClearinghouseStateResponse): PositionSnapshot[] {
  return state.assetPositions
    .map(({ position }) => {
      const szi = num(position.szi);
      const positionValue = num(position.positionValue);
      return {
        coin: position.coin,
        szi,
        entryPx: num(position.entryPx),
        positionValue,
        unrealizedPnl: num(position.unrealizedPnl),
        leverage: num(position.leverage.value),
        marginMode: position.leverage.type,
        markPx: szi === 0 ? 0 : positionValue / Math.abs(szi),
        liquidationPx: position.liquidationPx === null ? null : num(position.liquidationPx),
        marginUsed: num(position.marginUsed),
      };
    })
    .filter((position) => position.szi !== 0);
}

/** The spot USDC row (token 0), if any. */
export function spotUsdc(spot: SpotClearinghouseStateResponse): { total: number; hold: number } {
  const row = spot.balances.find((balance) => balance.coin === 'USDC' || balance.token === 0);
  return { total: num(row?.total), hold: num(row?.hold) };
}

/**
 * Maps the two clearinghouse states to a balance.
 *
 * Standard accounts: equity = `marginSummary.accountValue`, available = `withdrawable`. Spot
 * USDC is not added: it cannot margin a perp order until transferred, and counting it would let
 * "% of equity" sizing produce orders the venue refuses for margin.
 *
 * Unified accounts: the USDC sits in spot, margin in use shows as its `hold`, and the perp
 * summary is zero or partial. Equity = spot USDC total + unrealized P&L of the positions (the
 * venue's "account value" for such accounts); available = spot USDC total − hold. Adding perp
 * `accountValue` as well would count the margin twice.
 */
export function toBalanceSnapshot(state: ClearinghouseStateResponse, spot: SpotClearinghouseStateResponse, mode: AccountMode): BalanceSnapshot {
  const usdc = spotUsdc(spot);
  const common = {
    marginUsed: num(state.marginSummary.totalMarginUsed),
    totalNotional: num(state.marginSummary.totalNtlPos),
    withdrawable: num(state.withdrawable),
    spotUsdc: usdc.total,
  };
  if (mode === 'standard') {
    return { availableBalance: common.withdrawable, totalEquity: num(state.marginSummary.accountValue), ...common };
  }
  const unrealized = state.assetPositions.reduce((sum, { position }) => sum + num(position.unrealizedPnl), 0);
  return {
    availableBalance: Math.max(0, usdc.total - usdc.hold),
    totalEquity: usdc.total + unrealized,
    ...common,
  };
}

/**
 * The account mode from `userAbstraction`'s answer: "unifiedAccount" and "portfolioMargin" pool
 * collateral in spot; "default", "disabled" and "dexAbstraction" keep it in the perp clearinghouse.
 * Undefined for an answer this client does not know.
 */
export function modeFromAbstraction(answer: unknown): AccountMode | undefined {
  if (answer === 'unifiedAccount' || answer === 'portfolioMargin') return 'unified';
  if (answer === 'default' || answer === 'disabled' || answer === 'dexAbstraction') return 'standard';
  return undefined;
}

/**
 * Fallback when `userAbstraction` cannot be read: an account whose perp clearinghouse carries no
 * collateral at all while spot holds USDC is read as unified (the "$0 balance" symptom other
 * integrations hit with unified accounts); anything else as standard.
 */
export function inferModeFromStates(state: ClearinghouseStateResponse, spot: SpotClearinghouseStateResponse): AccountMode {
  const perpEmpty =
    num(state.marginSummary.accountValue) === 0 &&
    num(state.marginSummary.totalRawUsd) === 0 &&
    num(state.withdrawable) === 0 &&
    state.assetPositions.length === 0;
  return perpEmpty && spotUsdc(spot).total > 0 ? 'unified' : 'standard';
}

/** Builds the full snapshot from the venue's answers. */
export function toAccountSnapshot(state: ClearinghouseStateResponse, spot: SpotClearinghouseStateResponse, mode: AccountMode): AccountSnapshot {
  return { positions: toPositionSnapshots(state), balance: toBalanceSnapshot(state, spot, mode), mode, time: state.time };
}
