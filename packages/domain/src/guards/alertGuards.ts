import { z } from 'zod';
import { minuteOfDay, TimeOfDaySchema, TimeZoneSchema } from '../shared/timeSchemas.js';

/** Days a trading window names, Monday first. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
/** A day of the week as a trading window names it. */
export const WeekdaySchema = z.enum(WEEKDAYS);
/** mon … sun. */
export type Weekday = z.infer<typeof WeekdaySchema>;

/**
 * A window in which the strategy takes entries (issue 42): on `days`, from `from` (its first
 * minute) until `to` (the first minute outside it). A window whose `to` is earlier than its
 * `from` runs past midnight into the next day: `{"days":["fri"],"from":"22:00","to":"02:00"}` is
 * Friday 22:00 to Saturday 02:00.
 */
export const TradingWindowSchema = z
  .strictObject({
    days: z.array(WeekdaySchema).min(1).max(7).describe('The days the window opens on'),
    from: TimeOfDaySchema.describe('Its first minute, HH:MM'),
    to: TimeOfDaySchema.describe('The first minute after it, HH:MM; earlier than from: the next day'),
  })
  .refine((w) => w.from !== w.to, { message: 'A window needs "from" and "to" to differ', path: ['to'] })
  .refine((w) => new Set(w.days).size === w.days.length, { message: 'Each day once', path: ['days'] });
/** A trading window. */
export type TradingWindow = z.infer<typeof TradingWindowSchema>;

/** Entries a strategy takes: both directions (the default), only longs or only shorts. */
export const GuardDirectionSchema = z.enum(['both', 'long', 'short']);
/** both | long | short. */
export type GuardDirection = z.infer<typeof GuardDirectionSchema>;

/** Bounds of the guards' numbers: an hour at most for age, a week of cooldown, a trader's scale of loss. */
export const GUARD_LIMITS = {
  maxAlertAgeSeconds: { min: 1, max: 3_600 },
  cooldownMinutes: { min: 1, max: 10_080 },
  maxEntriesPerDay: { min: 1, max: 1_000 },
  dailyLossLimitUsd: { min: 1, max: 100_000_000 },
  tradingWindows: 14,
  approvalTimeoutSeconds: { min: 30, max: 86_400 },
} as const;

/** How long a manual approval waits when the trader names no timeout: 5 minutes. */
export const DEFAULT_APPROVAL_TIMEOUT_SECONDS = 300;

const between = (bounds: { readonly min: number; readonly max: number }) => z.number().min(bounds.min).max(bounds.max);

/**
 * A strategy's guards before the order (issue 42), as `PUT /api/strategies/:id/filters` takes
 * them and its view shows them. Every guard is optional: absent, it guards nothing. All but the
 * alert's age guard entries only: exits (closes, reductions, cancels and updates) always pass.
 */
export const AlertGuardsSchema = z.strictObject({
  maxAlertAgeSeconds: between(GUARD_LIMITS.maxAlertAgeSeconds).int().optional().describe('Refuse an entry sent longer ago than this'),
  cooldownMinutes: between(GUARD_LIMITS.cooldownMinutes).int().optional().describe('After an entry in a coin, refuse further entries in it for this long'),
  maxEntriesPerDay: between(GUARD_LIMITS.maxEntriesPerDay).int().optional().describe("Entries a day, in the guards' time zone"),
  dailyLossLimitUsd: between(GUARD_LIMITS.dailyLossLimitUsd).optional().describe('Past this loss in a day, entries stop until the next'),
  tradingWindows: z.array(TradingWindowSchema).min(1).max(GUARD_LIMITS.tradingWindows).optional().describe('Entries only inside one of these'),
  timeZone: TimeZoneSchema.optional().describe('The zone of the windows and of "a day"; UTC when absent'),
  direction: GuardDirectionSchema.optional().describe('Entries in both directions, only long or only short'),
  approval: z.enum(['auto', 'manual']).optional().describe("manual: each entry waits for the trader's approval"),
  approvalTimeoutSeconds: between(GUARD_LIMITS.approvalTimeoutSeconds).int().optional().describe('How long an entry waits for approval'),
});
/** A strategy's guards. */
export type AlertGuards = z.infer<typeof AlertGuardsSchema>;

/** No guard at all: what every strategy has until its trader sets some. */
export const NO_GUARDS: AlertGuards = Object.freeze({});

/** The zone the guards count days and windows in. */
export function guardsTimeZone(guards: AlertGuards): string {
  return guards.timeZone ?? 'UTC';
}

/** Whether any guard is set, so the order path can skip them all at once. */
export function hasGuards(guards: AlertGuards): boolean {
  return Object.entries(guards).some(
    ([key, value]) => value !== undefined && key !== 'timeZone' && !(key === 'direction' && value === 'both') && !(key === 'approval' && value === 'auto'),
  );
}

/** A window's first minute and the first minute after it, in minutes from the start of its day (`to` past 1440 runs into the next). */
export function windowSpan(window: TradingWindow): { readonly start: number; readonly end: number } {
  const start = minuteOfDay(window.from);
  const to = minuteOfDay(window.to);
  return { start, end: to > start ? to : to + 24 * 60 };
}

/**
 * The account's own guard (issue 42: "also for the whole account in account settings"): past this
 * loss in a day on the Hyperliquid account, summed over its live strategies, no strategy enters
 * until the next day in `timeZone`; exits go on.
 */
export const AccountGuardsSchema = z.strictObject({
  dailyLossLimitUsd: between(GUARD_LIMITS.dailyLossLimitUsd).optional().describe('Past this loss in a day on the account, no strategy enters'),
  timeZone: TimeZoneSchema.optional().describe('The zone of "a day"; UTC when absent'),
});
/** The account's guards. */
export type AccountGuards = z.infer<typeof AccountGuardsSchema>;
