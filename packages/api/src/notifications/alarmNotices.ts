import { daysLeft, hyperliquidAppSite, LIQUIDATION_REARM_FACTOR, MARGIN_REARM_POINTS, type KeysExpiryNoticed, type RiskAlarmRaised } from '@hyperhook/domain';
import type { Notice } from './sendToChannel.js';

const pct = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
const px = (value: number) => value.toLocaleString('en-US', { maximumSignificantDigits: 6 });

/**
 * `position.liquidation_risk` and `account.margin_usage` (issue 42, point 2): an alarm raised from
 * a snapshot, with the numbers it was raised on and what arms it again.
 */
export function riskNotice(publicUrl: string, raised: RiskAlarmRaised['data']): Notice {
  const url = `${publicUrl}/dashboard?tab=positions`;
  if (raised.alarm === 'marginUsage') {
    return {
      event: 'account.margin_usage',
      title: `${pct(raised.usagePct)} of your account is in use as margin`,
      strategy: null,
      symbol: null,
      reason:
        `Margin in use reached ${pct(raised.usagePct)} of the account's value; your alarm is at ${pct(raised.thresholdPct)}. ` +
        'Less room is left before positions are liquidated: add collateral or reduce a position. ' +
        `You are told once, until it is back below ${pct(raised.thresholdPct - MARGIN_REARM_POINTS)}.`,
      signalId: null,
      url,
      at: raised.at,
    };
  }
  return {
    event: 'position.liquidation_risk',
    title: `${raised.coin} ${raised.side} is ${pct(raised.distancePct)} from liquidation`,
    strategy: null,
    symbol: raised.coin,
    reason:
      `Mark ${px(raised.markPx)}, liquidation price ${px(raised.liquidationPx)}: within your ${pct(raised.thresholdPct)} alarm. ` +
      `Add margin or reduce the position to move it away. You are told once, until it is back beyond ${pct(raised.thresholdPct * LIQUIDATION_REARM_FACTOR)}.`,
    signalId: null,
    url,
    at: raised.at,
  };
}

/** How to replace an API wallet, in the words of Hyperliquid's app of the keys' network. */
export function reapproveSteps(isTestnet: boolean): string {
  return `Authorize a new API wallet at ${hyperliquidAppSite(isTestnet)} → More → API (180 days at most), then save its address and private key in hyperhook’s API KEYS tab.`;
}

/** `keys.expiring` (issue 42, point 2): the API wallet's expiry a week and a day ahead, and once it has passed. */
export function keysExpiringNotice(publicUrl: string, noticed: KeysExpiryNoticed['data']): Notice {
  const left = daysLeft(noticed.validUntil, new Date(noticed.at));
  const title =
    noticed.stage === 'expired'
      ? 'Your API wallet has expired'
      : noticed.stage === 'day'
        ? 'Your API wallet expires within a day'
        : `Your API wallet expires in ${plural(left, 'day')}`;
  const when = noticed.stage === 'expired' ? 'expired on' : 'expires on';
  return {
    event: 'keys.expiring',
    title,
    strategy: null,
    symbol: null,
    reason:
      `Hyperliquid's approval of API wallet ${noticed.apiWalletAddress} ${when} ${noticed.validUntil}` +
      `${noticed.stage === 'expired' ? ': alerts fail until a new one is saved.' : ': after that, alerts fail.'} ${reapproveSteps(noticed.isTestnet ?? false)}`,
    signalId: null,
    url: `${publicUrl}/dashboard?tab=keys`,
    at: noticed.at,
  };
}
