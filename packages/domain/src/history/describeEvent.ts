import { describeGuards } from '../guards/describeGuards.js';
import { trailText } from '../protection/protectionText.js';
import { z } from 'zod';
import type { AlertFormat } from '../alert/alertSchema.js';
import type { DomainEvent } from '../eventModel/domainEvent.js';
import type { PositionSnapshot } from '../account/accountEvents.js';
import type { OrderLeg, SignalReceived } from '../signal/signalEvents.js';
import { decimalText } from '../exchange/decimalText.js';
import type { StoredNotificationChannel } from '../notifications/notificationChannels.js';
import type { Settings } from '../settings/settingsSchema.js';
import { assertNever } from '../shared/assertNever.js';
import { numberOrZero } from '../shared/numberOrZero.js';
import { plural } from '../shared/plural.js';
import { shortAddress } from '../shared/shortAddress.js';
import { formatUsd } from '../sizing/formatUsd.js';
import { isLimitPlan, type OrderPlan } from '../sizing/orderPlanSchema.js';
import { expiredDetail, expiredTitle } from '../ledger/restingExpiryText.js';
import { DEFAULT_PAPER_BALANCE, strategyOf } from '../eventModel/strategyIds.js';

/** Which filter of the History view an event falls under. */
export const HistoryCategorySchema = z.enum([
  'account',
  'keys',
  'settings',
  'strategy',
  'alert',
  'order',
  'fill',
  'snapshot',
  'trading',
  'notifications',
  'paper',
  'other',
]);
/** A history category. */
export type HistoryCategory = z.infer<typeof HistoryCategorySchema>;

/** What the History view says of one event. */
export const EventDescriptionSchema = z.object({ title: z.string(), detail: z.string().nullable(), category: HistoryCategorySchema });
/** An event description. */
export type EventDescription = z.infer<typeof EventDescriptionSchema>;

const US = 'en-US';

/** Several facts on the second line; none is still a line the view can leave out. */
function detailOf(...parts: readonly (string | null | undefined | false)[]): string | null {
  const shown = parts.filter((part): part is string => typeof part === 'string' && part !== '');
  return shown.length === 0 ? null : shown.join(' · ');
}

function described(category: HistoryCategory, title: string, ...detail: readonly (string | null | undefined | false)[]): EventDescription {
  return { title, detail: detailOf(...detail), category };
}

const DECIMAL = /^(-?)(\d+)(\.\d+)?$/;

/**
 * A USD price or fee from the venue's decimal text, with its digits as stored ("$97,073",
 * "$0.04", "-$0.01"): rounding would make the History disagree with the exchange's own record.
 */
function usd(text: string): string {
  const match = DECIMAL.exec(text);
  if (match === null) return `$${text === '' ? '?' : text}`;
  const [, sign = '', whole = '', fraction = ''] = match;
  return `${sign}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

/** A price the trader typed or the sizing computed, as a number: its decimal text, so no float noise shows. */
function usdOfNumber(amount: number): string {
  return usd(decimalText(amount));
}

/** A USD amount of the trader's own choosing: whole dollars stay whole ("$100"), others get cents. */
function dollars(amount: number): string {
  return `$${amount.toLocaleString(US, { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** An account balance: always with cents, as the Account view shows it. */
function balance(text: string): string {
  return formatUsd(numberOrZero(text));
}

function usdc(amount: number): string {
  return `${amount.toLocaleString(US, { maximumFractionDigits: 2 })} USDC`;
}

function percent(value: number): string {
  return `${value.toLocaleString(US, { maximumFractionDigits: 2 })}%`;
}

/** Event times are UTC ISO strings with a `Z`, so cutting them is exact and needs no time zone. */
function utcMinute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** A host name only: an endpoint's path is its capability token, and an issuer's may name a tenant. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

const PROVIDERS: Readonly<Record<string, string>> = {
  'accounts.google.com': 'Google',
  'appleid.apple.com': 'Apple',
  'login.microsoftonline.com': 'Microsoft',
  'gitlab.com': 'GitLab',
};

/** Issuers are configured per deployment (OIDC_<ID>_ISSUER): the well-known ones get their name, any other its host. */
function providerOf(issuer: string): string {
  const host = hostOf(issuer);
  if (host === null) return 'an external identity';
  return PROVIDERS[host] ?? host;
}

function strategyIdText(strategyId: string | undefined): string {
  return `Strategy id: ${strategyOf({ strategyId })}`;
}

const FORMAT_NAMES: Readonly<Record<AlertFormat, string>> = {
  tradersPost: 'TradersPost',
  threeCommas: '3Commas',
  tvac: 'TVAC',
  side: '"side"',
  pineConnector: 'PineConnector',
};

/** The signal's strategy: by the name it had then when the alert recorded one, as that is what the trader saw. */
function signalStrategy(data: SignalReceived['data']): string | null {
  if (data.strategyName !== undefined) return `Strategy “${data.strategyName}”`;
  return data.strategyId !== undefined ? strategyIdText(data.strategyId) : null;
}

function describeReceived(data: SignalReceived['data']): EventDescription {
  const where = [signalStrategy(data), data.venue === 'paper' && 'paper', data.origin === 'closeAll' && 'from Close all positions'];
  const { alert, rejection } = data;
  if (alert === null) {
    // The raw body is never shown: senders put their own secrets in it (redactEvent.ts).
    if (rejection?.code === 'RATE_LIMITED' || rejection?.code === 'SOURCE_NOT_ALLOWED')
      return described('alert', `Alert refused before it was read: ${rejection.message}`, ...where, rejection.code);
    return described('alert', `Alert received, not understood: ${rejection?.message ?? 'unreadable body'}`, ...where, rejection?.code);
  }
  const what = alert.target !== undefined ? `target ${alert.target}` : alert.action;
  return described(
    'alert',
    `Alert received: ${alert.coin} ${what}`,
    ...where,
    alert.symbol !== alert.coin && `as ${alert.symbol}`,
    alert.format !== undefined && `${FORMAT_NAMES[alert.format]} format`,
    alert.orderType === 'limit' && alert.price !== undefined && `limit ${usdOfNumber(alert.price)}`,
    alert.size !== undefined && dollars(alert.size),
    alert.quantity !== undefined && `${decimalText(alert.quantity)} ${alert.coin}`,
    alert.leverage !== undefined && `${alert.leverage}x leverage`,
    alert.stopLoss !== undefined && `stop-loss ${usdOfNumber(alert.stopLoss)}`,
    alert.takeProfit !== undefined && `take-profit ${usdOfNumber(alert.takeProfit)}`,
  );
}

/** A market order's price is its slippage guard, a bound rather than the price paid; a limit's is the price asked. */
function plannedTitle(plan: OrderPlan): string {
  const side = plan.isBuy ? 'buy' : 'sell';
  const order =
    !plan.reduceOnly && isLimitPlan(plan)
      ? `${plan.tif === 'Alo' ? 'post-only limit' : plan.tif === 'Ioc' ? 'IOC limit' : 'limit'} ${side} ${plan.size} ${plan.coin} at ${usd(plan.price)}`
      : `${side} ${plan.size} ${plan.coin} at ${plan.isBuy ? 'most' : 'least'} ${usd(plan.price)}`;
  return `Order planned: ${order}${plan.reduceOnly ? ' to close' : ''}`;
}

function describePlanned(plan: OrderPlan): EventDescription {
  const child = (kind: 'sl' | 'tp') => plan.children.find((c) => c.kind === kind);
  const stopLoss = child('sl');
  const takeProfit = child('tp');
  return described(
    'order',
    plannedTitle(plan),
    `worth ${formatUsd(plan.orderNotionalUsd)}`,
    `${plan.leverage}x leverage${plan.leverageClamped ? ' (lowered to the coin’s maximum)' : ''}`,
    stopLoss !== undefined && `stop-loss at ${usd(stopLoss.triggerPx)}`,
    takeProfit !== undefined && `take-profit at ${usd(takeProfit.triggerPx)}`,
  );
}

const LEG_STATUS: Readonly<Record<OrderLeg['status'], string>> = {
  resting: 'resting',
  filled: 'filled',
  waitingForFill: 'waiting for the entry to fill',
  waitingForTrigger: 'waiting for its trigger',
  error: 'failed',
};

function legText(leg: OrderLeg): string {
  const name = leg.role === 'stopLoss' ? 'stop-loss' : 'take-profit';
  return `${name} ${LEG_STATUS[leg.status]}${leg.error !== undefined ? `: ${leg.error}` : ''}`;
}

function positionText(position: PositionSnapshot): string {
  const short = position.szi.startsWith('-');
  return `${position.coin} ${short ? 'short' : 'long'} ${short ? position.szi.slice(1) : position.szi}`;
}

const SHOWN_POSITIONS = 3;

/** A few positions by name keep the line short; the rest are counted. */
function positionsText(positions: readonly PositionSnapshot[]): string {
  if (positions.length === 0) return 'no open positions';
  const named = positions.slice(0, SHOWN_POSITIONS).map(positionText).join(', ');
  return positions.length > SHOWN_POSITIONS ? `${named} and ${positions.length - SHOWN_POSITIONS} more` : named;
}

/** Fees in a token other than USDC (e.g. builder fees in HYPE) are no dollar amount. */
function feeText(fee: string, feeToken: string | undefined): string {
  return feeToken === undefined || feeToken === 'USDC' ? usd(fee) : `${fee} ${feeToken}`;
}

function fillTitle(prefix: string, fill: { side: 'B' | 'A'; sz: string; coin: string; px: string; fee: string; feeToken?: string | undefined }): string {
  return `${prefix}: ${fill.side === 'B' ? 'bought' : 'sold'} ${fill.sz} ${fill.coin} at ${usd(fill.px)}, fee ${feeText(fill.fee, fill.feeToken)}`;
}

function pnlText(closedPnl: string): string | null {
  return numberOrZero(closedPnl) === 0 ? null : `realised PnL ${usd(closedPnl)}`;
}

const SIZING: Readonly<Record<Settings['positionSizing']['mode'], (value: number) => string>> = {
  fixed: (value) => `${dollars(value)} per order`,
  percentage_balance: (value) => `${percent(value)} of available balance per order`,
  percentage_equity: (value) => `${percent(value)} of equity per order`,
};

function settingsText(settings: Settings): string {
  const { positionSizing, riskLimits, trading } = settings;
  return [
    SIZING[positionSizing.mode](positionSizing.value),
    `${trading.leverage}x leverage`,
    // Only isolated is named: cross is the default, and every settings event older than issue 39.2.
    ...(trading.marginMode === 'isolated' ? ['isolated margin'] : []),
    `at most ${dollars(riskLimits.maxPositionSize)} per position`,
    `at most ${plural(riskLimits.maxOpenPositions, 'open position')}`,
    `${percent(trading.slippageTolerance)} slippage`,
    trading.requireStopLoss ? 'stop-loss required' : 'stop-loss optional',
  ].join(', ');
}

const CHANNEL_NAMES: Readonly<Record<StoredNotificationChannel['type'], string>> = { telegram: 'Telegram', discord: 'Discord', webhook: 'Webhook' };

/** Only the masked `target` of a channel is shown: its sealed token, URL and signing secret never are. */
function channelText(channel: StoredNotificationChannel): string {
  return `${CHANNEL_NAMES[channel.type]} ${channel.target} (${plural(channel.events.length, 'event')})`;
}

const DRIFT_RULES = {
  flattened: 'every share closed',
  reducedInProportion: 'every share reduced in the same proportion',
  flipped: 'the strategies closed, the other side held outside hyperhook',
  grown: 'the difference held outside hyperhook',
} as const;

const SNAPSHOT_SOURCES = { fill: 'taken after a fill', sync: 'synced from Hyperliquid', keys: 'taken when the API keys were saved' } as const;

/**
 * One stored event in plain words for the History view (issue 31, point 1): a short title, an
 * optional second line and a category to filter by. Titles carry the event's own figures and the
 * exchange's own text; no secret ever appears, since only public fields are read (sealed values,
 * hashes, push keys and raw alert bodies never are). An event type without a case here does not compile.
 */
export function describeEvent(event: DomainEvent): EventDescription {
  switch (event.type) {
    case 'UserSignedUp':
      return described(
        'account',
        `Signed up as ${event.data.email}`,
        event.data.passwordHash === null && 'without a password: signs in through a linked identity',
      );
    case 'ExternalIdentityLinked':
      return described('account', `Signed in with ${providerOf(event.data.issuer)} linked`, event.data.email !== undefined && `as ${event.data.email}`);
    case 'EmailClaimed':
      return described('account', 'Email address reserved for this account');
    case 'IdentityClaimed':
      return described('account', 'Sign-in identity reserved for this account');
    case 'SessionRevoked':
      return described('account', 'Signed out: the session was ended');
    case 'WebhookSecretRotated':
      return described('keys', 'New webhook URL made; any earlier URL stopped working', strategyIdText(event.data.strategyId));
    case 'CredentialsSaved': {
      const { data } = event;
      return described(
        'keys',
        `API keys saved (${data.isTestnet ? 'testnet' : 'mainnet'}, API wallet ${shortAddress(data.apiWalletAddress)})`,
        `account ${shortAddress(data.accountAddress)}`,
        data.accountMode !== undefined && `${data.accountMode} account`,
        data.unconfirmed === true && 'approval checked in the background',
      );
    }
    case 'CredentialsDeleted':
      return described('keys', 'API keys deleted; their data key was destroyed', `data key ${event.data.dataKeyId}`);
    case 'CredentialsChecked': {
      const wallet = `API wallet ${shortAddress(event.data.apiWalletAddress)}`;
      if (event.data.approved) return described('keys', `${wallet} confirmed approved by Hyperliquid`);
      return described('keys', `${wallet} not approved by Hyperliquid`, event.data.message);
    }
    case 'SettingsUpdated':
      return described('settings', 'Settings changed', strategyIdText(event.data.strategyId), settingsText(event.data.settings));
    case 'SettingsReset':
      return described('settings', 'Settings reset to the defaults', strategyIdText(event.data.strategyId), settingsText(event.data.settings));
    case 'IpAllowlistUpdated': {
      const { ips } = event.data;
      if (ips.length === 0) return described('settings', 'Webhook IP allowlist cleared: alerts are taken from any address');
      return described('settings', `Webhook IP allowlist set (${plural(ips.length, 'entry', 'entries')})`, ips.join(', '));
    }
    case 'ReferralSelfReported':
      return described('other', 'Reported joining Hyperliquid through the referral');
    case 'ReferralDeclined':
      return described('other', 'Declined the referral', event.data.reason);
    case 'ReferralJoinClicked':
      return described('other', 'Opened the referral join link');
    case 'ReferralEventLogged':
      // The metadata is the client's free-form JSON: the step's name says enough.
      return described('other', `Referral step logged: ${event.data.eventType}`);
    case 'PushSubscriptionAdded': {
      const host = hostOf(event.data.endpoint);
      return described('notifications', 'Push notifications turned on in a browser', host !== null && `push service ${host}`);
    }
    case 'PushSubscriptionRemoved': {
      const host = hostOf(event.data.endpoint);
      return described('notifications', 'Push notifications turned off in a browser', host !== null && `push service ${host}`);
    }
    case 'NotificationChannelsUpdated': {
      const { channels } = event.data;
      if (channels.length === 0) return described('notifications', 'Notification channels removed');
      return described(
        'notifications',
        `Notification channels set: ${channels.map((c) => CHANNEL_NAMES[c.type]).join(', ')}`,
        channels.map(channelText).join(', '),
      );
    }
    case 'NotificationPreferencesUpdated': {
      const { webPush, silenceAlarms, dailySummary } = event.data;
      return described(
        'notifications',
        'Notification preferences changed',
        `web push: ${plural(webPush.events.length, 'event')}`,
        plural(silenceAlarms.length, 'silence alarm'),
        dailySummary === null ? 'no daily summary' : `daily summary at ${dailySummary.time} ${dailySummary.timeZone}`,
      );
    }
    case 'StrategySilenceNoticed':
      return described('notifications', `Silence alarm sent: no alert since ${utcMinute(event.data.silentSince)}`, strategyIdText(event.data.strategyId));
    case 'DailySummarySent':
      return described('notifications', `Daily summary for ${event.data.day} sent`);
    case 'RiskAlarmRaised': {
      const { data } = event;
      if (data.alarm === 'marginUsage')
        return described('notifications', `Margin usage alarm sent: ${percent(data.usagePct)} of the account in use`, `alarm at ${percent(data.thresholdPct)}`);
      return described(
        'notifications',
        `Liquidation alarm sent: ${data.coin} ${data.side} ${percent(data.distancePct)} from liquidation`,
        `mark ${data.markPx}, liquidation price ${data.liquidationPx}`,
        `alarm at ${percent(data.thresholdPct)}`,
      );
    }
    case 'RiskAlarmCleared':
      return described('notifications', `${event.data.alarm === 'marginUsage' ? 'Margin usage' : `Liquidation (${event.data.coin})`} alarm armed again`);
    case 'KeysExpiryNoticed': {
      const { stage, validUntil } = event.data;
      const when = stage === 'expired' ? 'expired' : `expires within a ${stage}`;
      return described(
        'notifications',
        `API wallet expiry notice sent: it ${when}`,
        `valid until ${utcMinute(validUntil)}`,
        shortAddress(event.data.apiWalletAddress),
      );
    }
    case 'TradingPaused':
      return described('trading', 'Trading paused (kill switch)', 'alerts are logged, not traded');
    case 'TradingResumed':
      return described('trading', 'Trading resumed');
    case 'CloseAllRequested': {
      const { coins } = event.data;
      return described('trading', 'Close all positions requested', coins.length === 0 ? 'no position was open' : `closing ${coins.join(', ')}`);
    }
    case 'StrategyCreated': {
      const { data } = event;
      const venue = data.venue === 'paper' ? `paper, ${usdc(data.paperBalance ?? DEFAULT_PAPER_BALANCE)}` : 'live';
      return described(
        'strategy',
        `Strategy “${data.name}” created (${venue})`,
        strategyIdText(data.strategyId),
        data.migrated === true && 'made from the account’s own settings and webhook URL',
      );
    }
    case 'StrategyRenamed':
      return described('strategy', `Strategy renamed to “${event.data.name}”`, strategyIdText(event.data.strategyId));
    case 'StrategyPaused':
      return described('strategy', 'Strategy paused', strategyIdText(event.data.strategyId), 'its alerts are logged, not traded');
    case 'StrategyResumed':
      return described('strategy', 'Strategy resumed', strategyIdText(event.data.strategyId));
    case 'StrategyDeleted':
      return described('strategy', 'Strategy deleted', strategyIdText(event.data.strategyId), 'its webhook URL stopped working');
    case 'StrategyPromoted':
      return described('strategy', 'Strategy moved from paper to live trading', strategyIdText(event.data.strategyId), 'its paper history is kept');
    case 'StrategySubAccountBound': {
      const { subAccountAddress, name } = event.data;
      const title =
        subAccountAddress === null ? 'Strategy moved back to the main account' : `Strategy moved to sub-account ${name ?? shortAddress(subAccountAddress)}`;
      return described('strategy', title, strategyIdText(event.data.strategyId), subAccountAddress);
    }
    case 'AccountGuardsSet': {
      const { dailyLossLimitUsd, timeZone } = event.data.guards;
      return dailyLossLimitUsd === undefined
        ? described('strategy', 'Account daily loss limit removed')
        : described('strategy', `Account daily loss limit set to ${dailyLossLimitUsd} USD`, `a day in ${timeZone ?? 'UTC'}; no strategy enters past it`);
    }
    case 'StrategyGuardsSet': {
      const phrases = describeGuards(event.data.guards);
      return described(
        'strategy',
        phrases.length === 0 ? 'Strategy guards removed' : 'Strategy guards set',
        strategyIdText(event.data.strategyId),
        phrases.join('; '),
      );
    }
    case 'PaperAccountReset':
      return described('paper', `Paper account reset to ${usdc(event.data.balance)}`, strategyIdText(event.data.strategyId));
    case 'SignalReceived':
      return describeReceived(event.data);
    case 'SignalDuplicateReceived':
      return described('alert', 'Same alert received again: not traded twice', event.data.sourceIp !== undefined && `from ${event.data.sourceIp}`);
    case 'SignalValidationStarted':
      return described('alert', 'Alert validating');
    case 'SignalRejected':
      return described('alert', `Rejected: ${event.data.reason}`, event.data.code);
    case 'OrderPlanned':
      return describePlanned(event.data.plan);
    case 'OrderSubmitted':
      return described('order', 'Order submitted to Hyperliquid', `client order id ${event.data.cloid}`);
    case 'SignalExecuted': {
      const { data } = event;
      // The event names no coin: the History shows it next to the alert's own rows, which do.
      const filled = data.totalSz !== undefined && data.avgPx !== undefined ? `filled ${data.totalSz} at ${usd(data.avgPx)}` : 'filled';
      const outcome = data.status === 'filled' ? filled : 'limit order resting on the book';
      return described(
        'order',
        `Executed${data.venue === 'paper' ? ' on paper' : ''}: ${outcome}`,
        data.oid !== undefined && `order ${data.oid}`,
        ...(data.legs ?? []).map(legText),
        data.account !== undefined && `account ${shortAddress(data.account.accountAddress)}${data.account.isTestnet ? ' (testnet)' : ''}`,
      );
    }
    case 'SignalFailed':
      return described('order', `Failed: ${event.data.reason}`, event.data.code, event.data.transient && 'temporary: the same alert may succeed later');
    case 'TargetAlreadyHeld':
      // The reason is already a sentence for people ("Already long 0.52 ETH: nothing to send.").
      return described('order', event.data.reason);
    case 'ProtectionReplaced':
      return described('order', event.data.reason);
    case 'SignalHeldForApproval': {
      const { data } = event;
      return described('alert', `Awaiting approval: ${data.side} ${data.size} ${data.coin} at ${data.price}`, `until ${utcMinute(data.expiresAt)}`);
    }
    case 'SignalApproved':
      return described('alert', event.data.via === 'push' ? 'Approved from a notification' : 'Approved in the app');
    case 'RestingOrdersCancelled':
      return described(
        'order',
        event.data.reason,
        ...event.data.cancelled.map((order) => `cancelled ${order.oid !== undefined ? `order ${order.oid}` : `client order id ${order.cloid}`}`),
      );
    case 'FillRecorded': {
      const { data } = event;
      return described('fill', fillTitle('Fill', data), data.dir, pnlText(data.closedPnl));
    }
    case 'PositionsSnapshotTaken':
      return described('snapshot', `Positions snapshot: ${positionsText(event.data.positions)}`, SNAPSHOT_SOURCES[event.data.source]);
    case 'BalanceSnapshotTaken': {
      const { data } = event;
      return described(
        'snapshot',
        `Account snapshot: equity ${balance(data.totalEquity)}`,
        `available ${balance(data.availableBalance)}`,
        `margin used ${balance(data.marginUsed)}`,
      );
    }
    case 'AlertsRefused': {
      const { data } = event;
      const why = data.reason === 'rateLimited' ? 'over this URL’s rate limit' : 'from addresses not on this URL’s IP allowlist';
      return described(
        'alert',
        `${plural(data.count, 'alert')} refused ${why}, counted rather than logged one by one`,
        `${utcMinute(data.from)} to ${utcMinute(data.to)}`,
        data.strategyId !== undefined && strategyIdText(data.strategyId),
      );
    }
    case 'PositionDriftReconciled': {
      const { data } = event;
      const shares = data.strategies.map((s) => `${strategyIdText(s.strategyId)} ${s.from} → ${s.to}`).join(', ');
      return described(
        'fill',
        `${data.coin} at the venue was ${data.venueSzi}, the strategies held ${data.ledgerSzi}: ${DRIFT_RULES[data.rule]}`,
        shares === '' ? null : shares,
        `outside hyperhook ${data.outsideFrom} → ${data.outsideTo}`,
      );
    }
    case 'ProtectionUpdated': {
      const { data } = event;
      const live = [...data.live.filter((o) => o.kind === 'sl'), ...data.live.filter((o) => o.kind === 'tp')]
        .map((o) => `${o.kind === 'sl' ? 'stop-loss' : 'take-profit'} ${o.size} at ${o.triggerPx}`)
        .join(', ');
      const refused = data.refused.map((r) => `${r.kind === 'sl' ? 'stop-loss' : 'take-profit'} refused: ${r.reason}`).join('; ');
      return described(
        'order',
        `${data.coin} protection: ${live === '' ? 'none live' : live}`,
        refused === '' ? null : refused,
        data.breakEven !== undefined && `stop to ${data.breakEven.stopPx} once the price reaches ${data.breakEven.activationPx} (break-even)`,
        // A keeper's move is told as one (issue 41 §2): the trader reads why the stop is where it is.
        data.trailingStop !== undefined &&
          (movedJustBefore(data.trailingStop.movedAt, data.at) && data.stopLoss !== undefined
            ? `stop moved to ${data.stopLoss} by the trail, ${trailText(data.trailingStop)}`
            : `stop ${trailText(data.trailingStop)}`),
        strategyIdText(data.strategyId),
      );
    }
    case 'OrderRested': {
      const { data } = event;
      return described(
        'order',
        `${data.isBuy ? 'Buy' : 'Sell'} ${data.size} ${data.coin} resting on the book`,
        'its fills count for the strategy as they come',
        strategyIdText(data.strategyId),
      );
    }
    case 'RestingOrdersExpired': {
      const { data } = event;
      return described('order', expiredTitle(data), expiredDetail(data), strategyIdText(data.strategyId));
    }
    case 'PaperFillRecorded': {
      const { data } = event;
      return described('paper', fillTitle('Paper fill', data), data.dir, pnlText(data.closedPnl), strategyIdText(data.strategyId));
    }
    case 'PaperAccountSnapshotTaken': {
      const { data } = event;
      return described(
        'paper',
        `Paper account snapshot: equity ${balance(data.balance.totalEquity)}`,
        positionsText(data.positions),
        // In live's words (ProtectionUpdated), with the coin: a paper account arms one per position.
        ...(data.breakEvens ?? []).map((move) => `${move.coin} stop to ${move.stopPx} once the price reaches ${move.activationPx} (break-even)`),
        strategyIdText(data.strategyId),
      );
    }
    case 'PaperRestingOrdersExpired': {
      // In live's words (RestingOrdersExpired), as the alert's log row says it.
      const { data } = event;
      return described('paper', `Paper: ${expiredTitle(data)}`, expiredDetail(data), strategyIdText(data.strategyId));
    }
    case 'FundingPaid': {
      const { data } = event;
      const paid = data.usdc.startsWith('-');
      const side = data.szi.startsWith('-') ? 'short' : 'long';
      return described(
        'fill',
        `Funding: ${paid ? 'paid' : 'received'} ${usd(data.usdc.replace(/^-/, ''))} on ${data.coin} ${side} ${data.szi.replace(/^-/, '')}`,
        `${decimalText(numberOrZero(data.fundingRate) * 100)}% an hour`,
        `hour of ${utcMinute(data.time)}`,
        data.subAccount !== undefined && `sub-account ${shortAddress(data.subAccount)}`,
        data.strategyId !== undefined && strategyIdText(data.strategyId),
      );
    }
    case 'PaperFundingPaid': {
      const { data } = event;
      const paid = data.usdc.startsWith('-');
      const side = data.szi.startsWith('-') ? 'short' : 'long';
      return described(
        'paper',
        `Paper funding: ${paid ? 'paid' : 'received'} ${usd(data.usdc.replace(/^-/, ''))} on ${data.coin} ${side} ${data.szi.replace(/^-/, '')}`,
        `${decimalText(numberOrZero(data.fundingRate) * 100)}% an hour at ${usd(data.oraclePx)}`,
        `hour of ${utcMinute(data.hour)}`,
        strategyIdText(data.strategyId),
      );
    }
    case 'BacktestUploaded': {
      const { data } = event;
      const open = data.trades.filter((trade) => trade.exitAt === null).length;
      return described(
        'strategy',
        `Backtest uploaded: ${data.trades.length} ${data.trades.length === 1 ? 'trade' : 'trades'}${data.fileName !== undefined ? ` from ${data.fileName}` : ''}`,
        open > 0 && `${open} still open`,
        data.skipped > 0 && `${data.skipped} rows not read`,
        `times read in ${data.timeZone}`,
        strategyIdText(data.strategyId),
      );
    }
    default:
      return assertNever(event, 'domain event');
  }
}

/**
 * Whether a trail's move stamp belongs to this ProtectionUpdated: the keeper stamps the move with
 * its clock at the check and appends after the venue answered, within its retry deadline.
 */
function movedJustBefore(movedAt: string | undefined, at: string): boolean {
  if (movedAt === undefined) return false;
  const gap = Date.parse(at) - Date.parse(movedAt);
  return gap >= 0 && gap <= 60_000;
}
