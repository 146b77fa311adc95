import { holdingOf, protectionFromUpdate, protectionOf, type ParsedAlert, type SignalCommand } from '@hyperhook/domain';
import type { SignerRef } from '@hyperhook/hyperliquid';
import type { ExecutorContext } from '../executorContext.js';
import { protectPosition } from '../protectPosition.js';
import { decideAndAppend, type LoadedSignal } from '../signalStream.js';
import { describeUpdate } from './describeUpdate.js';
import { refuse, type SignalStop } from './signalStop.js';

/**
 * An update alert (issue 41): replaces the protection of its strategy's position in the coin with
 * what it names (protectionFromUpdate), through protectPosition, which places the new triggers
 * before it cancels the old, so the position is never without a stop in between, and keeps the old
 * stop when the venue refuses the new one. Records what the position is protected by afterwards.
 */
export async function updateProtection(
  ctx: ExecutorContext,
  signal: LoadedSignal,
  uid: string,
  signer: SignerRef,
  strategyId: string,
  alert: ParsedAlert,
): Promise<LoadedSignal | SignalStop> {
  const { coin } = alert;
  const ledger = await ctx.ledgers.get(uid);
  const holding = holdingOf(ledger, strategyId, coin);
  const asset = await ctx.client.getAsset(signer.isTestnet, coin);
  if (asset === undefined) return refuse('UNKNOWN_COIN', `${coin} is not traded on Hyperliquid's perpetuals.`);
  const mid = (await ctx.client.getMids(signer.isTestnet))[coin] ?? Number.NaN;
  const planned = protectionFromUpdate(alert, { held: holding.szi, entryPx: holding.entryPx }, protectionOf(ledger, strategyId, coin), mid, asset.szDecimals);
  if (!planned.ok) return refuse(planned.code, planned.message);
  const refused = planned.tooSmall.map(({ triggerPx, percent }) => ({
    kind: 'tp' as const,
    triggerPx,
    size: '0',
    reason: `${percent}% of the position is less than one ${coin} size step: this take-profit was not placed.`,
  }));
  const updated = await protectPosition(ctx, uid, signer, strategyId, coin, signal.signalId, planned.prices, { refused });
  const reason = describeUpdate(holding.szi, coin, updated ?? protectionOf(await ctx.ledgers.get(uid), strategyId, coin));
  const command: SignalCommand = { type: 'RecordProtection', at: new Date(ctx.clock()).toISOString(), reason };
  const next = await decideAndAppend(ctx.eventStore, signal, command);
  ctx.log({ level: 'info', msg: 'protection updated by an alert', signalId: signal.signalId, userId: uid, coin });
  return next;
}
