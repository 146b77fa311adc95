import { holdingOf, protectionFromUpdate, protectionOf, venueAccountOf, type ParsedAlert, type SignalCommand } from '@hyperhook/domain';
import type { SignerRef } from '@hyperhook/hyperliquid';
import type { ExecutorContext } from '../executorContext.js';
import { passed } from '../keepProtection.js';
import { recordVenueFills } from '../venueFills.js';
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
  let ledger = await ctx.ledgers.get(uid);
  const asset = await ctx.client.getAsset(signer.isTestnet, coin);
  if (asset === undefined) return refuse('UNKNOWN_COIN', `${coin} is not traded on Hyperliquid's perpetuals.`);
  const mid = (await ctx.client.getMids(signer.isTestnet))[coin] ?? Number.NaN;
  // A trigger the mid has passed has probably fired (triggers fire on the mark) before the keeper
  // read its fills: they are recorded first, as the keeper would. Else the update sizes the new
  // triggers for the position before the fire, and replacing the fired trigger's record means its
  // fill is never looked for again (issue 41 §5's property found a stop of 0.1 on a 0.057 position).
  if (Number.isFinite(mid) && protectionOf(ledger, strategyId, coin).live.some((order) => passed(order, mid))) {
    const { strategies } = await ctx.profiles.get(uid);
    const accountOf = (id: string) => venueAccountOf(strategies.find((s) => s.id === id));
    if (await recordVenueFills(ctx, uid, signer, ledger, coin, (id) => accountOf(id) === accountOf(strategyId))) ledger = await ctx.ledgers.get(uid);
  }
  const holding = holdingOf(ledger, strategyId, coin);
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
