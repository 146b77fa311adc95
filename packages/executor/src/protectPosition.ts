import {
  holdingOf,
  isFlat,
  mergeProtection,
  protectionChange,
  protectionOf,
  wantedProtection,
  type ProtectionPrices,
  type ProtectionUpdated,
  type ProtectiveOrder,
  accountStreamId,
} from '@hyperhook/domain';
import { toNewEvent } from '@hyperhook/eventsourcing';
import { cloidForSignal, type SignerRef, type TriggerOrderStatus } from '@hyperhook/hyperliquid';
import type { ExecutorContext } from './executorContext.js';

/**
 * The cloid of a strategy's trigger order placed after `signalId`: one per kind, position size and
 * trigger price, so a repeat finds its own and a stop moved to another price (break-even) is a new order.
 */
export function protectionCloid(signalId: string, kind: 'sl' | 'tp', size: string, triggerPx: string): string {
  return cloidForSignal(`${signalId}:protect:${kind}:${size}:${triggerPx}`);
}

type Refusal = ProtectionUpdated['data']['refused'][number];

/**
 * Keeps a strategy's position in `coin` protected as its alerts asked (issue 39, point 3), after
 * every order of the strategy: a reduce-only stop-loss and take-profit covering the position the
 * strategy holds now (a partly filled entry, an add, a reduction), placed before the ones they
 * replace are cancelled, so the position is never without its stop in between; once the
 * position is closed, its triggers are cancelled; and when the venue refuses a new stop, the old
 * one stays. `prices` are the trigger prices the alert set, or a move of the stop (the others are
 * kept, unless the position changed side: mergeProtection). Records the result on `account-<uid>`
 * and answers it; undefined when nothing needed to change.
 */
export async function protectPosition(
  ctx: ExecutorContext,
  uid: string,
  signer: SignerRef,
  strategyId: string,
  coin: string,
  signalId: string,
  prices: ProtectionPrices = {},
  options: { readonly clearBreakEven?: boolean; readonly refused?: readonly Refusal[] } = {},
): Promise<ProtectionUpdated['data'] | undefined> {
  const ledger = await ctx.ledgers.get(uid);
  const held = holdingOf(ledger, strategyId, coin).szi;
  const current = protectionOf(ledger, strategyId, coin);
  const { live: _live, stopMovedAt: _movedAt, ...currentPrices } = current;
  if (isFlat(held) && current.live.length === 0 && Object.keys(currentPrices).length === 0) return undefined;
  const asset = await ctx.client.getAsset(signer.isTestnet, coin);
  if (asset === undefined) return undefined;
  // A position that changed side keeps only the prices its new alert set: the old side's stop would fire at once.
  const closesWithBuy = held.startsWith('-');
  const sideChanged = current.live.some((order) => order.isBuy !== closesWithBuy);
  const kept: ProtectionPrices = options.clearBreakEven === true ? withoutBreakEven(currentPrices) : currentPrices;
  const wantedPrices = mergeProtection(kept, prices, { flat: isFlat(held), sideChanged });
  const change = protectionChange(current.live, wantedProtection(held, wantedPrices, asset.szDecimals));
  const samePrices = JSON.stringify(wantedPrices) === JSON.stringify(currentPrices);
  if (change.place.length === 0 && change.cancel.length === 0 && samePrices && (options.refused ?? []).length === 0) return undefined;

  const placed: ProtectiveOrder[] = [];
  const refused: Refusal[] = [...(options.refused ?? [])];
  if (change.place.length > 0) {
    const orders = change.place.map((want) => ({
      ...want,
      coin,
      assetId: asset.assetId,
      cloid: protectionCloid(signalId, want.kind, want.size, want.triggerPx),
    }));
    const result = await ctx.client.placeTriggerOrders(signer, orders, 'na');
    orders.forEach((order, i) => {
      const status: TriggerOrderStatus | undefined = result.orders[i];
      const base = { kind: order.kind, cloid: order.cloid, triggerPx: order.triggerPx, size: order.size, isBuy: order.isBuy };
      if (status?.status === 'resting') placed.push({ ...base, oid: status.oid });
      else if (status?.status === 'waitingForTrigger') placed.push(base);
      else
        refused.push({
          kind: order.kind,
          triggerPx: order.triggerPx,
          size: order.size,
          reason: clip(
            status?.status === 'rejected' ? status.message : result.outcome.kind === 'ok' ? 'The venue did not report the order.' : result.outcome.message,
          ),
        });
    });
  }
  const cancelled: ProtectionUpdated['data']['cancelled'] = [];
  const stillLive: ProtectiveOrder[] = [];
  // A stop whose replacement the venue refused stays: an old stop is better than none.
  const stopRefused = refused.some((refusal) => refusal.kind === 'sl' && refusal.size !== '0') && !isFlat(held);
  const unprotecting = stopRefused ? change.cancel.filter((order) => order.kind === 'sl' && order.isBuy === closesWithBuy) : [];
  const toCancel = change.cancel.filter((order) => !unprotecting.includes(order));
  if (toCancel.length > 0) {
    const result = await ctx.client.cancelByCloid(
      signer,
      toCancel.map((order) => ({ coin, cloid: order.cloid })),
    );
    toCancel.forEach((order, i) => {
      const status = result.cancels[i]?.status;
      if (status === 'cancelled' || status === 'gone') cancelled.push({ cloid: order.cloid, status });
      else {
        // Not known to be cancelled: it stays on the record as live, and the next change cancels it again.
        cancelled.push({ cloid: order.cloid, status: 'failed' });
        stillLive.push(order);
      }
    });
  }
  const { takeProfits, ...otherPrices } = wantedPrices;
  const event: ProtectionUpdated = {
    type: 'ProtectionUpdated',
    v: 1,
    data: {
      strategyId,
      coin,
      ...(signer.vaultAddress !== undefined ? { subAccount: signer.vaultAddress.toLowerCase() } : {}),
      signalId,
      ...otherPrices,
      ...(takeProfits !== undefined ? { takeProfits: [...takeProfits] } : {}),
      live: [...change.keep, ...placed, ...stillLive, ...unprotecting],
      refused,
      cancelled,
      at: new Date(ctx.clock()).toISOString(),
    },
  };
  await ctx.eventStore.append(accountStreamId(uid), [toNewEvent(event, { causationId: signalId })]);
  ctx.log({
    level: refused.length > 0 ? 'warn' : 'info',
    msg: 'protection updated',
    signalId,
    userId: uid,
    coin,
    live: event.data.live.length,
    refused: refused.length,
    cancelled: cancelled.length,
  });
  return event.data;
}

function withoutBreakEven({ breakEven: _done, ...prices }: ProtectionPrices): ProtectionPrices {
  return prices;
}

const clip = (text: string): string => (text.length <= 2000 ? text : `${text.slice(0, 1999)}…`);
