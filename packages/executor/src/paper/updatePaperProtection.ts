import { decimalText, protectionFromUpdate, withPaperExits, type SignalCommand } from '@hyperhook/domain';
import type { PerpAsset } from '@hyperhook/hyperliquid';
import type { OpenPaperAccount } from '@hyperhook/trading';
import type { ExecutorContext } from '../executorContext.js';
import { rejectSignal } from '../recordOutcome.js';
import { describeUpdate } from '../stages/describeUpdate.js';
import { decideLocally, type LoadedSignal } from '../signalStream.js';
import { appendPaperOutcome } from './appendPaperOutcome.js';
import { fitPaperExitsOnVenue, paperHeld, paperPricesNow } from './fitPaperExitsOnVenue.js';
import { paperSnapshotEvent } from './paperAccountEvents.js';
import type { PaperSignal } from './processPaperSignal.js';

/**
 * An update alert on a paper strategy (issue 41 §3), as live's updateProtection: the kinds it names
 * replace those of the position's protection (protectionFromUpdate, checked against the mid now,
 * refused in live's codes and words), the rest is kept; from then on the position is kept the live
 * way (fixed-size triggers, new ones placed before the old are cancelled). The outcome is live's
 * ProtectionReplaced in live's words, appended with the account it left in one commit.
 */
export async function updatePaperProtection(
  ctx: ExecutorContext,
  loaded: LoadedSignal,
  paper: PaperSignal,
  account: OpenPaperAccount,
  market: { readonly assets: readonly PerpAsset[]; readonly mids: Readonly<Record<string, number>> },
): Promise<void> {
  const { venue, accountId, record } = account;
  const { alert } = paper;
  const { coin } = alert;
  const asset = market.assets.find((a) => a.coin === coin);
  if (asset === undefined) return void (await rejectSignal(ctx, loaded, 'UNKNOWN_COIN', `${coin} is not traded on Hyperliquid's perpetuals.`));
  const held = paperHeld(account, coin);
  const entryPx = venue.snapshot(accountId).positions.find((p) => p.coin === coin)?.entryPx;
  const current = paperPricesNow(coin, held, { orders: record.orders, breakEvens: record.breakEvens, exits: record.exits });
  const mid = market.mids[coin] ?? Number.NaN;
  const planned = protectionFromUpdate(alert, { held, entryPx: entryPx == null ? '0' : decimalText(entryPx) }, current, mid, asset.szDecimals);
  if (!planned.ok) return void (await rejectSignal(ctx, loaded, planned.code, planned.message));
  const refused = planned.tooSmall.map(({ triggerPx, percent }) => ({
    kind: 'tp' as const,
    triggerPx,
    size: '0',
    reason: `${percent}% of the position is less than one ${coin} size step: this take-profit was not placed.`,
  }));
  const fitted = fitPaperExitsOnVenue(account, coin, current, planned.prices, loaded.signalId, asset.szDecimals, refused);

  const at = new Date(ctx.clock()).toISOString();
  const reason = describeUpdate(held, coin, { ...(fitted.exits ?? {}), refused: [...fitted.refused] });
  const command: SignalCommand = { type: 'RecordProtection', at, reason };
  const signal = decideLocally(loaded, command);
  const run = { strategyId: paper.strategyId, epoch: paper.run.epoch };
  // The break-even move, if one was armed the paper venue's way, now lives in the exits.
  const breakEvens = record.breakEvens.filter((move) => move.coin !== coin);
  const exits = withPaperExits(record.exits, coin, fitted.exits);
  await appendPaperOutcome(ctx, signal, paper.uid, record.version, [
    paperSnapshotEvent(run, venue.snapshot(accountId), at, venue.openOrders(accountId), breakEvens, exits),
  ]);
  for (const refusal of fitted.refused)
    ctx.log({ level: 'warn', msg: 'paper protection refused', signalId: signal.signalId, userId: paper.uid, kind: refusal.kind, error: refusal.reason });
  ctx.log({ level: 'info', msg: 'paper protection updated by an alert', signalId: signal.signalId, userId: paper.uid, coin });
}
