/**
 * POST /info: the read endpoints the app uses, with the venue's field names and Rust-style decimal
 * strings. Addresses are case-insensitive; an unknown user is not an error (zeroed state or []);
 * an unknown request type or a malformed field is the venue's 422.
 */
import { z } from 'zod';
import { requestCap } from './addressBudget.js';
import {
  accountNumbers,
  type BookLevel,
  clearinghouseStateView,
  fillView,
  formatLots,
  formatRust,
  formatSig,
  formatUsd,
  frontendOrderView,
  listedOrders,
  openOrderView,
  runScheduledCancels,
  type SimAccount,
  type SimState,
  subAccountsOf,
  syntheticLevels,
} from '@hyperhook/venue-engine';
import { FUNDING_HASH, type FundingSettlement } from './fundingSettlement.js';
import { UNPROCESSABLE, jsonReply, type HandlerReply } from './replies.js';

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((s) => s.toLowerCase());
const uint = z.number().int().nonnegative();
const withUser = z.object({ user: address });

/** Most fills `userFills` returns (newest first), like the venue. */
export const MAX_FILLS_RETURNED = 2000;

/** Most payments one `userFunding` answer lists (oldest first): the venue's page, read on from the last one's time. */
export const MAX_FUNDING_RETURNED = 500;

const json = jsonReply;

/** `meta` response. */
export function metaView(state: SimState): Record<string, unknown> {
  const tables = [...new Set(state.assets.map((a) => a.maxLeverage))].sort((a, b) => a - b);
  return {
    universe: state.assets.map((a) => ({
      name: a.name,
      szDecimals: a.szDecimals,
      maxLeverage: a.maxLeverage,
      marginTableId: a.maxLeverage,
      ...(a.onlyIsolated ? { onlyIsolated: true } : {}),
    })),
    marginTables: tables.map((lev) => [lev, { description: '', marginTiers: [{ lowerBound: '0.0', maxLeverage: lev }] }]),
    collateralToken: 0,
  };
}

/** `allMids`: coin → mid as a decimal string (the WebSocket `allMids` feed sends the same map). */
export function allMidsView(state: SimState): Record<string, string> {
  return Object.fromEntries(state.assets.map((a) => [a.name, formatSig(state.marks.get(a.name))]));
}

function volumes(state: SimState, coin: string): { ntl: number; base: number; openInterest: number } {
  const assetId = state.assetId(coin);
  const d = state.asset(assetId)?.szDecimals ?? 0;
  let openInterest = 0;
  for (const acct of state.accounts.values()) openInterest += Math.abs(state.positionLots(acct, assetId)) / 10 ** d;
  const traded = state.volumes.get(coin) ?? { ntl: 0, base: 0 };
  return { ...traded, openInterest };
}

function assetCtx(state: SimState, coin: string, szDecimals: number): Record<string, unknown> {
  const mark = state.marks.get(coin);
  const bid = syntheticLevels(mark, szDecimals, 'bid')[0]?.px ?? mark;
  const ask = syntheticLevels(mark, szDecimals, 'ask')[0]?.px ?? mark;
  const v = volumes(state, coin);
  return {
    dayNtlVlm: formatUsd(v.ntl),
    funding: formatRust(state.fundingRate(coin), 12),
    impactPxs: [formatSig(bid), formatSig(ask)],
    markPx: formatSig(mark),
    midPx: formatSig(mark),
    openInterest: formatRust(v.openInterest, szDecimals),
    oraclePx: formatSig(mark),
    premium: '0.0',
    prevDayPx: formatSig(state.marks.initialOf(coin)),
    dayBaseVlm: formatRust(v.base, szDecimals),
  };
}

/** `l2Book`: synthetic levels merged with users' resting orders. */
export function l2BookView(state: SimState, coin: string): Record<string, unknown> | null {
  const assetId = state.assetId(coin);
  const asset = state.asset(assetId);
  if (!asset) return null;
  const mark = state.marks.get(coin);
  const side = (isBuy: boolean): Record<string, unknown>[] => {
    const levels = new Map<number, { lots: number; n: number }>();
    for (const l of syntheticLevels(mark, asset.szDecimals, isBuy ? 'bid' : 'ask', state.bookDepth(coin)) as BookLevel[])
      levels.set(l.px, { lots: l.lots, n: 1 });
    for (const o of state.liveOrders({ asset: assetId })) {
      if (o.isBuy !== isBuy || o.pendingParent || (o.trigger && !o.triggered)) continue;
      const level = levels.get(o.limitPx) ?? { lots: 0, n: 0 };
      levels.set(o.limitPx, { lots: level.lots + o.lots, n: level.n + 1 });
    }
    return [...levels.entries()]
      .sort(([a], [b]) => (isBuy ? b - a : a - b))
      .map(([px, l]) => ({ px: formatSig(px), sz: formatLots(l.lots, asset.szDecimals), n: l.n }));
  };
  return { coin, time: state.now(), levels: [side(true), side(false)] };
}

function orderStatusView(state: SimState, user: string, oid: number | string): Record<string, unknown> {
  // With duplicate cloids the most recent order wins.
  const found = typeof oid === 'number' ? state.orders.get(oid) : state.orderByCloid(user, oid);
  const order = found && found.user === user ? found : undefined;
  if (!order) return { status: 'unknownOid' };
  return { status: 'order', order: { order: frontendOrderView(state, order), status: order.status, statusTimestamp: order.statusTimestamp } };
}

function userRoleView(state: SimState, user: string): Record<string, unknown> {
  const acct = state.account(user);
  if (acct?.subAccountOf) return { role: 'subAccount', data: { master: acct.subAccountOf.master } };
  if (acct) return { role: 'user' };
  const agent = state.findAgent(user);
  return agent ? { role: 'agent', data: { user: agent.master.address } } : { role: 'missing' };
}

function activeAssetDataView(state: SimState, user: string, coin: string): Record<string, unknown> | null {
  const assetId = state.assetId(coin);
  const asset = state.asset(assetId);
  if (!asset) return null;
  const acct = state.account(user);
  const markPx = state.marks.get(coin);
  const lev = acct ? state.leverageOf(acct, assetId) : { type: asset.onlyIsolated ? 'isolated' : 'cross', value: Math.min(20, asset.maxLeverage) };
  const available = acct ? Math.max(0, accountNumbers(state, acct).availableMargin) : 0;
  const maxLots = Math.floor(((available * lev.value) / markPx) * 10 ** asset.szDecimals);
  const sz = formatLots(maxLots, asset.szDecimals);
  return {
    user,
    coin,
    leverage: { type: lev.type, value: lev.value },
    maxTradeSzs: [sz, sz],
    availableToTrade: [formatUsd(available * lev.value), formatUsd(available * lev.value)],
    markPx: formatSig(markPx),
  };
}

/** `spotClearinghouseState`: the account's spot USDC (none for an unknown user). */
function spotStateView(acct: SimAccount | undefined): Record<string, unknown> {
  return { balances: acct ? [{ coin: 'USDC', token: 0, hold: '0.0', total: formatUsd(acct.spotUsdc), entryNtl: '0.0' }] : [] };
}

/** `subAccounts`: the master's sub-accounts with their states, or null when it has none (as the venue answers). */
function subAccountsView(state: SimState, master: string): Record<string, unknown>[] | null {
  const subs = subAccountsOf(state, master);
  if (subs.length === 0) return null;
  return subs.map((sub) => ({
    name: sub.subAccountOf?.name,
    subAccountUser: sub.address,
    master: sub.subAccountOf?.master,
    clearinghouseState: clearinghouseStateView(state, sub),
    spotState: spotStateView(sub),
  }));
}

/** `userFunding`: the user's payments from `startTime` to `endTime` (both included), oldest first, one page. */
function userFundingView(state: SimState, funding: FundingSettlement, user: string, startTime: number, endTime: number | null): Record<string, unknown>[] {
  return funding
    .paymentsOf(user, startTime, endTime)
    .slice(0, MAX_FUNDING_RETURNED)
    .map((paid) => ({
      time: paid.time,
      hash: FUNDING_HASH,
      delta: {
        type: 'funding',
        coin: paid.coin,
        usdc: formatUsd(paid.usdc),
        szi: formatRust(paid.szi, state.asset(state.assetId(paid.coin))?.szDecimals ?? 8),
        fundingRate: formatRust(paid.fundingRate, 12),
        nSamples: null,
      },
    }));
}

/** Handles one /info body (already JSON-parsed); `funding` is the simulator's hourly settlement (none: no payments). */
export function handleInfo(state: SimState, raw: unknown, funding?: FundingSettlement): HandlerReply {
  // Due scheduled cancels must be visible to readers even when no action arrived since.
  runScheduledCancels(state);
  const head = z.object({ type: z.string() }).safeParse(raw);
  if (!head.success) return UNPROCESSABLE;
  const parse = <T extends z.ZodType>(schema: T): z.infer<T> | null => {
    const r = schema.safeParse(raw);
    return r.success ? r.data : null;
  };
  switch (head.data.type) {
    case 'meta':
      return json(metaView(state));
    case 'metaAndAssetCtxs':
      return json([metaView(state), state.assets.map((a) => assetCtx(state, a.name, a.szDecimals))]);
    case 'allMids':
      return json(allMidsView(state));
    case 'l2Book': {
      const req = parse(z.object({ coin: z.string() }));
      return req ? json(l2BookView(state, req.coin)) : UNPROCESSABLE;
    }
    case 'clearinghouseState': {
      const req = parse(withUser);
      return req ? json(clearinghouseStateView(state, state.account(req.user))) : UNPROCESSABLE;
    }
    case 'spotClearinghouseState': {
      const req = parse(withUser);
      return req ? json(spotStateView(state.account(req.user))) : UNPROCESSABLE;
    }
    case 'openOrders': {
      const req = parse(withUser);
      return req ? json(listedOrders(state, req.user).map((o) => openOrderView(state, o))) : UNPROCESSABLE;
    }
    case 'frontendOpenOrders': {
      const req = parse(withUser);
      return req ? json(listedOrders(state, req.user).map((o) => frontendOrderView(state, o))) : UNPROCESSABLE;
    }
    case 'userFills':
    case 'userFillsByTime': {
      const req = parse(withUser.extend({ startTime: uint.optional(), endTime: uint.nullish() }));
      if (!req) return UNPROCESSABLE;
      if (head.data.type === 'userFillsByTime' && req.startTime === undefined) return UNPROCESSABLE;
      const fills = (state.account(req.user)?.fills ?? []).filter(
        (f) => (req.startTime === undefined || f.time >= req.startTime) && (req.endTime == null || f.time <= req.endTime),
      );
      return json(fills.slice(-MAX_FILLS_RETURNED).reverse().map(fillView));
    }
    case 'userFunding': {
      // The venue requires the start of the period; a page ends at MAX_FUNDING_RETURNED payments.
      const req = parse(withUser.extend({ startTime: uint, endTime: uint.nullish() }));
      if (!req) return UNPROCESSABLE;
      return json(funding === undefined ? [] : userFundingView(state, funding, req.user, req.startTime, req.endTime ?? null));
    }
    case 'orderStatus': {
      const req = parse(withUser.extend({ oid: z.union([uint, z.string().regex(/^0x[0-9a-fA-F]{32}$/)]) }));
      return req ? json(orderStatusView(state, req.user, req.oid)) : UNPROCESSABLE;
    }
    case 'subAccounts': {
      const req = parse(withUser);
      return req ? json(subAccountsView(state, req.user)) : UNPROCESSABLE;
    }
    case 'userRole': {
      const req = parse(withUser);
      return req ? json(userRoleView(state, req.user)) : UNPROCESSABLE;
    }
    case 'userAbstraction': {
      // The simulator margins perps from the perp clearinghouse only: every account is "default"
      // (standard), as an account that never opted into unified margin is on the venue.
      const req = parse(withUser);
      return req ? json('default') : UNPROCESSABLE;
    }
    case 'userRateLimit': {
      const req = parse(withUser);
      if (!req) return UNPROCESSABLE;
      const acct = state.account(req.user);
      const cumVlm = acct?.cumVlm ?? 0;
      return json({ cumVlm: formatUsd(cumVlm), nRequestsUsed: acct?.nRequestsUsed ?? 0, nRequestsCap: requestCap(cumVlm), nRequestsSurplus: 0 });
    }
    case 'extraAgents': {
      const req = parse(withUser);
      if (!req) return UNPROCESSABLE;
      const agents = (state.account(req.user)?.agents ?? []).filter((a) => a.name !== null);
      return json(agents.map((a) => ({ name: a.name, address: a.address, validUntil: a.validUntil })));
    }
    case 'activeAssetData': {
      const req = parse(withUser.extend({ coin: z.string() }));
      return req ? json(activeAssetDataView(state, req.user, req.coin)) : UNPROCESSABLE;
    }
    default:
      return UNPROCESSABLE;
  }
}
