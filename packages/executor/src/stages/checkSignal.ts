import { keysExpiredMessage, NO_KEYS_MESSAGE, type TradingGate } from '@hyperhook/trading';
import type { StoredCredentials } from '@hyperhook/trading';
import type { Settings } from '@hyperhook/domain';
import type { ExecutorContext } from '../executorContext.js';
import { refuse, type SignalStop } from './signalStop.js';

/** Age check of spec §5: an alert older than maxAlertAgeMs is not traded (markets moved on). */
export function staleReason(ctx: ExecutorContext, receivedAt: string): string | null {
  const ageMs = ctx.clock() - Date.parse(receivedAt);
  if (ageMs <= ctx.maxAlertAgeMs) return null;
  return `Alert is ${(ageMs / 1000).toFixed(1)} s old, beyond the ${(ctx.maxAlertAgeMs / 1000).toFixed(0)} s limit; it was not traded.`;
}

/**
 * The checks before a key is opened, in this order: trading paused (all, or the strategy), no API
 * keys, the API wallet past the expiry the key check read or refused by the background approval
 * check of an unnamed wallet (the venue would refuse its signature either way), the alert too old.
 * The same for an alert about to be planned and for a plan fixed and never sent: a pause or a key
 * deletion since stops it too.
 */
export function checkSignal(ctx: ExecutorContext, gate: TradingGate, credentials: StoredCredentials | null, receivedAt: string): Checked {
  if (!gate.ok) return { ok: false, stop: refuse(gate.code, gate.message) };
  if (credentials === null) return { ok: false, stop: refuse('NO_CREDENTIALS', NO_KEYS_MESSAGE) };
  const { validUntil } = credentials;
  if (validUntil !== undefined && Date.parse(validUntil) <= ctx.clock()) {
    return {
      ok: false,
      stop: refuse('KEYS_EXPIRED', keysExpiredMessage(credentials.apiWalletAddress, validUntil, credentials.accountAddress, credentials.isTestnet)),
    };
  }
  if (credentials.notApproved !== undefined) return { ok: false, stop: refuse('WALLET_NOT_APPROVED', credentials.notApproved) };
  const stale = staleReason(ctx, receivedAt);
  return stale === null ? { ok: true, credentials, settings: gate.settings } : { ok: false, stop: refuse('STALE_ALERT', stale) };
}

/** What passed the checks: the keys to open and the strategy's settings; or why the signal stops. */
export type Checked =
  { readonly ok: true; readonly credentials: StoredCredentials; readonly settings: Settings } | { readonly ok: false; readonly stop: SignalStop };
