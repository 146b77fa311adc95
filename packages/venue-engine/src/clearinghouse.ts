/**
 * Clearinghouse arithmetic (reference §1.3), computed from positions, cash and marks:
 *   positionValue = |szi|·markPx          unrealizedPnl = szi·(markPx − entryPx)
 *   returnOnEquity = unrealizedPnl / (|szi|·entryPx / leverage)
 *   cross marginUsed = positionValue / leverage;  isolated marginUsed = rawUsd + szi·markPx
 *   accountValue = totalRawUsd + Σ szi·markPx;     withdrawable = accountValue − totalMarginUsed
 * Maintenance margin = half the initial margin at max leverage.
 */
import type { LeverageSetting, SimAccount, SimState } from './simState.js';
import { formatLots, formatRust, formatSig, formatUsd } from './wireDecimal.js';

/** Numbers of one position. */
export interface PositionNumbers {
  assetId: number;
  coin: string;
  szDecimals: number;
  lots: number;
  szi: number;
  entryPx: number;
  markPx: number;
  positionValue: number;
  unrealizedPnl: number;
  returnOnEquity: number;
  marginUsed: number;
  maintenanceMargin: number;
  leverage: LeverageSetting;
  /** Isolated positions only: the isolated sub-balance (`leverage.rawUsd`). */
  isolatedRawUsd: number | null;
  liquidationPx: number | null;
  maxLeverage: number;
}

/** Totals of a margin summary block. */
export interface MarginSummary {
  accountValue: number;
  totalNtlPos: number;
  totalRawUsd: number;
  totalMarginUsed: number;
}

/** Everything the clearinghouse view and the margin check need. */
export interface AccountNumbers {
  positions: PositionNumbers[];
  margin: MarginSummary;
  cross: MarginSummary;
  crossMaintenanceMarginUsed: number;
  withdrawable: number;
  /** Initial margin reserved by resting, non-reduce-only orders. */
  openOrderMargin: number;
  /** What a new order may still use: accountValue − marginUsed − openOrderMargin. */
  availableMargin: number;
}

function basePositions(state: SimState, acct: SimAccount): PositionNumbers[] {
  const out: PositionNumbers[] = [];
  const ids = [...acct.positions.keys()].sort((a, b) => a - b);
  for (const assetId of ids) {
    const pos = acct.positions.get(assetId);
    const asset = state.asset(assetId);
    if (!pos || !asset) continue;
    const szi = pos.lots / 10 ** asset.szDecimals;
    const markPx = state.marks.get(asset.name);
    const leverage = state.leverageOf(acct, assetId);
    const positionValue = Math.abs(szi) * markPx;
    const unrealizedPnl = szi * (markPx - pos.entryPx);
    const initialAtEntry = (Math.abs(szi) * pos.entryPx) / leverage.value;
    const isolatedRawUsd = leverage.type === 'isolated' ? initialAtEntry - szi * pos.entryPx : null;
    out.push({
      assetId,
      coin: asset.name,
      szDecimals: asset.szDecimals,
      lots: pos.lots,
      szi,
      entryPx: pos.entryPx,
      markPx,
      positionValue,
      unrealizedPnl,
      returnOnEquity: initialAtEntry > 0 ? unrealizedPnl / initialAtEntry : 0,
      marginUsed: isolatedRawUsd === null ? positionValue / leverage.value : isolatedRawUsd + szi * markPx,
      maintenanceMargin: positionValue / (2 * asset.maxLeverage),
      leverage,
      isolatedRawUsd,
      liquidationPx: null,
      maxLeverage: asset.maxLeverage,
    });
  }
  return out;
}

/** Price at which equity meets maintenance margin, other positions held at their marks; null if none > 0. */
function liquidationPrice(p: PositionNumbers, crossRawUsd: number, crossPositions: PositionNumbers[]): number | null {
  const mmr = 1 / (2 * p.maxLeverage);
  const denominator = p.szi - Math.abs(p.szi) * mmr;
  if (denominator === 0) return null;
  let px: number;
  if (p.isolatedRawUsd !== null) px = -p.isolatedRawUsd / denominator;
  else {
    const others = crossPositions.filter((o) => o.assetId !== p.assetId);
    const otherValue = others.reduce((s, o) => s + o.szi * o.markPx, 0);
    const otherMaintenance = others.reduce((s, o) => s + o.maintenanceMargin, 0);
    px = (otherMaintenance - crossRawUsd - otherValue) / denominator;
  }
  return px > 0 && Number.isFinite(px) ? px : null;
}

/**
 * Computes every clearinghouse number of an account at current marks. `excludeOid` leaves the
 * order being validated out of the open-order margin (it is registered before its margin check).
 */
export function accountNumbers(state: SimState, acct: SimAccount, excludeOid?: number): AccountNumbers {
  const positions = basePositions(state, acct);
  const crossPositions = positions.filter((p) => p.isolatedRawUsd === null);
  const isolatedRaw = positions.reduce((s, p) => s + (p.isolatedRawUsd ?? 0), 0);
  const crossRawUsd = acct.rawUsd - isolatedRaw;
  for (const p of positions) p.liquidationPx = liquidationPrice(p, crossRawUsd, crossPositions);

  const sum = (list: PositionNumbers[], f: (p: PositionNumbers) => number): number => list.reduce((s, p) => s + f(p), 0);
  const margin: MarginSummary = {
    accountValue: acct.rawUsd + sum(positions, (p) => p.szi * p.markPx),
    totalNtlPos: sum(positions, (p) => p.positionValue),
    totalRawUsd: acct.rawUsd,
    totalMarginUsed: sum(positions, (p) => p.marginUsed),
  };
  const cross: MarginSummary = {
    accountValue: crossRawUsd + sum(crossPositions, (p) => p.szi * p.markPx),
    totalNtlPos: sum(crossPositions, (p) => p.positionValue),
    totalRawUsd: crossRawUsd,
    totalMarginUsed: sum(crossPositions, (p) => p.marginUsed),
  };

  let openOrderMargin = 0;
  for (const o of state.liveOrders({ user: acct.address })) {
    if (o.oid === excludeOid || o.reduceOnly || o.pendingParent || (o.trigger && !o.triggered)) continue;
    const asset = state.asset(o.asset);
    if (!asset) continue;
    openOrderMargin += ((o.lots / 10 ** asset.szDecimals) * o.limitPx) / state.leverageOf(acct, o.asset).value;
  }

  return {
    positions,
    margin,
    cross,
    crossMaintenanceMarginUsed: sum(crossPositions, (p) => p.maintenanceMargin),
    withdrawable: Math.max(0, margin.accountValue - margin.totalMarginUsed),
    openOrderMargin,
    availableMargin: margin.accountValue - margin.totalMarginUsed - openOrderMargin,
  };
}

function summaryView(s: MarginSummary): Record<string, string> {
  return {
    accountValue: formatUsd(s.accountValue),
    totalNtlPos: formatUsd(s.totalNtlPos),
    totalRawUsd: formatUsd(s.totalRawUsd),
    totalMarginUsed: formatUsd(s.totalMarginUsed),
  };
}

const ZERO_SUMMARY: MarginSummary = { accountValue: 0, totalNtlPos: 0, totalRawUsd: 0, totalMarginUsed: 0 };

/** The `clearinghouseState` response; an unknown user gets the all-"0.0" shape (not an error). */
export function clearinghouseStateView(state: SimState, acct: SimAccount | undefined): Record<string, unknown> {
  if (!acct) {
    return {
      marginSummary: summaryView(ZERO_SUMMARY),
      crossMarginSummary: summaryView(ZERO_SUMMARY),
      crossMaintenanceMarginUsed: '0.0',
      withdrawable: '0.0',
      assetPositions: [],
      time: state.now(),
    };
  }
  const n = accountNumbers(state, acct);
  return {
    marginSummary: summaryView(n.margin),
    crossMarginSummary: summaryView(n.cross),
    crossMaintenanceMarginUsed: formatUsd(n.crossMaintenanceMarginUsed),
    withdrawable: formatUsd(n.withdrawable),
    assetPositions: n.positions.map((p) => ({
      type: 'oneWay',
      position: {
        coin: p.coin,
        szi: formatLots(p.lots, p.szDecimals),
        leverage:
          p.isolatedRawUsd === null
            ? { type: 'cross', value: p.leverage.value }
            : { type: 'isolated', value: p.leverage.value, rawUsd: formatUsd(p.isolatedRawUsd) },
        entryPx: formatSig(p.entryPx),
        positionValue: formatUsd(p.positionValue),
        unrealizedPnl: formatUsd(p.unrealizedPnl),
        returnOnEquity: formatRust(p.returnOnEquity, 10),
        liquidationPx: p.liquidationPx === null ? null : formatSig(p.liquidationPx),
        marginUsed: formatUsd(p.marginUsed),
        maxLeverage: p.maxLeverage,
        cumFunding: { allTime: '0.0', sinceOpen: '0.0', sinceChange: '0.0' },
      },
    })),
    time: state.now(),
  };
}
