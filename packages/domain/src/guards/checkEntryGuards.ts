import type { StrategyActivity } from '../ledger/strategyActivity.js';
import { own } from '../shared/records.js';
import { localDay, wallClock } from '../shared/wallClock.js';
import { dayPnl, entriesToday, type HeldPosition, type Mids } from './guardFacts.js';
import { guardsTimeZone, WEEKDAYS, windowSpan, type AlertGuards, type TradingWindow } from './alertGuards.js';

/** What the entry guards weigh, all from what hyperhook already keeps: no venue read. */
export interface GuardFacts {
  readonly now: number;
  /** The entry the alert would make; null when it exits (closes or reduces), which every entry guard lets through. */
  readonly entry: { readonly coin: string; readonly side: 'long' | 'short' } | null;
  /** When the alert says it was sent, and the field that said so; null when it says nothing. */
  readonly sent: { readonly at: number; readonly field: string } | null;
  /** The alert's own age limit (3Commas `max_lag`), in seconds. */
  readonly maxLagSeconds?: number | undefined;
  /** The strategy's recent entries and realised P&L, from its ledger. */
  readonly activity: StrategyActivity;
  /** What the strategy holds, by coin, and the mids to value it at: its open P&L of the day. */
  readonly held: Readonly<Record<string, HeldPosition>>;
  readonly mids: Mids;
  /** The account's loss limit a day and its P&L since the day began (issue 42: "also for the whole account"). */
  readonly account?: { readonly dailyLossLimitUsd: number; readonly dayPnlUsd: number } | undefined;
}

/** The guard that refused, its stable code and the sentence the log shows, with the numbers. */
export interface GuardRefusal {
  readonly code: GuardCode;
  readonly message: string;
}

/** Stable codes of the guards' refusals, as the log and its counts read them. */
export const GUARD_CODES = [
  'GUARD_DIRECTION',
  'GUARD_TRADING_WINDOW',
  'GUARD_ALERT_AGE',
  'GUARD_COOLDOWN',
  'GUARD_ENTRIES_PER_DAY',
  'GUARD_DAILY_LOSS',
  'GUARD_ACCOUNT_DAILY_LOSS',
] as const;
/** A guard's refusal code. */
export type GuardCode = (typeof GUARD_CODES)[number];

/** Whether a signal's refusal code is a guard's. */
export function isGuardCode(code: string): code is GuardCode {
  return (GUARD_CODES as readonly string[]).includes(code);
}

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const usd = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
// Rounded up to a tenth: an alert 30.01 s old against a 30 s limit reads "30.1 s", never "30 s".
const seconds = (ms: number) => {
  const tenths = Math.ceil(ms / 100);
  return tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
};
const hhmm = (instant: number, timeZone: string) => {
  const w = wallClock(instant, timeZone);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
};
const minutes = (ms: number) => (ms < 60_000 ? `${seconds(ms)} s` : `${Math.floor(ms / 60_000)} min`);

/**
 * The entry guards (issue 42, point 1), in a fixed order: direction, trading windows, the alert's
 * age, cooldown, entries per day, the strategy's daily loss, the account's. The first that refuses
 * answers; null when all pass. An exit (`entry` null) passes every one: a late or guarded close
 * still closes, so no guard ever keeps a trader in a position.
 * Edges: an alert exactly `maxAlertAgeSeconds` old passes; an entry exactly `cooldownMinutes`
 * after the last passes; a window holds its `from` minute and not its `to` minute; a loss exactly
 * at the limit stops entries.
 */
export function checkEntryGuards(guards: AlertGuards, facts: GuardFacts): GuardRefusal | null {
  const { entry, now } = facts;
  if (entry === null) return null;
  const zone = guardsTimeZone(guards);
  if (guards.direction !== undefined && guards.direction !== 'both' && guards.direction !== entry.side)
    return { code: 'GUARD_DIRECTION', message: `A ${entry.side} entry; this strategy takes ${guards.direction} entries only.` };

  if (guards.tradingWindows !== undefined && !inTradingWindows(guards.tradingWindows, zone, now)) {
    const w = wallClock(now, zone);
    return {
      code: 'GUARD_TRADING_WINDOW',
      message: `Outside this strategy's trading windows (${guards.tradingWindows.map(describeWindow).join('; ')}, ${zone}): it is ${DAY_NAMES[w.weekday]} ${hhmm(now, zone)} there.`,
    };
  }

  const age = ageRefusal(guards, facts);
  if (age !== null) return age;

  const lastText = own(facts.activity.lastEntryAt, entry.coin);
  if (guards.cooldownMinutes !== undefined && lastText !== undefined) {
    const last = Date.parse(lastText);
    const waitMs = guards.cooldownMinutes * 60_000;
    if (now - last < waitMs)
      return {
        code: 'GUARD_COOLDOWN',
        message: `An entry in ${entry.coin} ${minutes(now - last)} ago; this strategy waits ${guards.cooldownMinutes} min between entries in a coin (the next from ${hhmm(last + waitMs, zone)} ${zone}).`,
      };
  }

  if (guards.maxEntriesPerDay !== undefined) {
    const today = entriesToday(facts.activity, now, zone);
    if (today >= guards.maxEntriesPerDay)
      return {
        code: 'GUARD_ENTRIES_PER_DAY',
        message: `${today} ${today === 1 ? 'entry' : 'entries'} today (${localDay(now, zone)}, ${zone}); this strategy takes at most ${guards.maxEntriesPerDay} a day.`,
      };
  }

  const pnl = guards.dailyLossLimitUsd === undefined ? 0 : dayPnl(facts.activity, facts.held, facts.mids, now, zone);
  if (guards.dailyLossLimitUsd !== undefined && -pnl >= guards.dailyLossLimitUsd)
    return {
      code: 'GUARD_DAILY_LOSS',
      message: `Lost ${usd(-pnl)} USD today (realised and open, ${zone}); this strategy stops entering past a ${usd(guards.dailyLossLimitUsd)} USD loss a day, until midnight. Exits go on.`,
    };
  const account = facts.account;
  if (account !== undefined && -account.dayPnlUsd >= account.dailyLossLimitUsd)
    return {
      code: 'GUARD_ACCOUNT_DAILY_LOSS',
      message: `The account lost ${usd(-account.dayPnlUsd)} USD today (realised and open); entries stop past its ${usd(account.dailyLossLimitUsd)} USD loss a day, until midnight. Exits go on.`,
    };
  return null;
}

/** The age guard: the strategy's limit and the alert's own `max_lag`, the stricter of the two. */
function ageRefusal(guards: AlertGuards, facts: GuardFacts): GuardRefusal | null {
  if (facts.sent === null) return null;
  const limits = [guards.maxAlertAgeSeconds, facts.maxLagSeconds].filter((s): s is number => s !== undefined);
  if (limits.length === 0) return null;
  const limit = Math.min(...limits);
  const ageMs = facts.now - facts.sent.at;
  if (ageMs <= limit * 1000) return null;
  const whose = guards.maxAlertAgeSeconds === limit ? 'this strategy takes' : 'the alert\'s "max_lag" takes';
  // TradingView's {{time}} is the bar's open, hours before the alert on a long bar: say so.
  const hint = facts.sent.field === 'time' ? ' If "time" holds {{time}} (the bar\'s open), send {{timenow}} instead.' : '';
  return { code: 'GUARD_ALERT_AGE', message: `Sent ${seconds(ageMs)} s ago ("${facts.sent.field}"); ${whose} alerts up to ${limit} s old.${hint}` };
}

/** Whether `instant` falls in one of the windows, on the wall clock of `timeZone`. */
export function inTradingWindows(windows: readonly TradingWindow[], timeZone: string, instant: number): boolean {
  const w = wallClock(instant, timeZone);
  const minute = w.hour * 60 + w.minute;
  return windows.some((window) => {
    const { start, end } = windowSpan(window);
    const today = WEEKDAYS[w.weekday];
    const yesterday = WEEKDAYS[(w.weekday + 6) % 7];
    if (today !== undefined && window.days.includes(today) && minute >= start && minute < Math.min(end, 24 * 60)) return true;
    // A window past midnight holds the early minutes of the day after one of its days.
    return end > 24 * 60 && yesterday !== undefined && window.days.includes(yesterday) && minute < end - 24 * 60;
  });
}

/** "mon–fri 09:30–16:00" style text of a window. */
export function describeWindow(window: TradingWindow): string {
  const days = window.days.map((d) => DAY_NAMES[WEEKDAYS.indexOf(d)]).join(', ');
  return `${days} ${window.from}–${window.to}`;
}
