import { AlertGuardsSchema, DEFAULT_APPROVAL_TIMEOUT_SECONDS, GUARD_LIMITS, type AlertGuards, type GuardDirection, type Weekday } from '@hyperhook/domain';

/** A trading window as the form edits it. */
export interface WindowDraft {
  readonly days: readonly Weekday[];
  readonly from: string;
  readonly to: string;
}

/** The guards as the form holds them: numbers as typed, empty for "no such guard". */
export interface GuardsDraft {
  readonly maxAlertAgeSeconds: string;
  readonly cooldownMinutes: string;
  readonly maxEntriesPerDay: string;
  readonly dailyLossLimitUsd: string;
  readonly direction: GuardDirection;
  readonly timeZone: string;
  readonly windows: readonly WindowDraft[];
  /** Manual: each entry waits for the trader's approval (issue 42). */
  readonly approval: 'auto' | 'manual';
  /** How long an entry waits, as typed, in `approvalTimeoutUnit`. */
  readonly approvalTimeout: string;
  readonly approvalTimeoutUnit: TimeoutUnit;
}

/** The unit the approval timeout is typed in. */
export type TimeoutUnit = 'seconds' | 'minutes';
const UNIT_SECONDS: Readonly<Record<TimeoutUnit, number>> = { seconds: 1, minutes: 60 };
const { min: TIMEOUT_MIN, max: TIMEOUT_MAX } = GUARD_LIMITS.approvalTimeoutSeconds;
/** Why a timeout is refused: its bounds in both units. */
export const APPROVAL_TIMEOUT_BOUNDS = `From ${TIMEOUT_MIN} seconds to ${TIMEOUT_MAX / 3600} hours (${TIMEOUT_MIN / 60} to ${TIMEOUT_MAX / 60} minutes).`;

/** The numeric fields of the draft. */
export const NUMBER_FIELDS = ['maxAlertAgeSeconds', 'cooldownMinutes', 'maxEntriesPerDay', 'dailyLossLimitUsd'] as const;
/** One of NUMBER_FIELDS. */
export type NumberField = (typeof NUMBER_FIELDS)[number];

/** A new window: weekdays, a stock market's hours. */
export const NEW_WINDOW: WindowDraft = { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '09:30', to: '16:00' };

/** The draft of saved guards; `localZone` fills the time zone when none is saved. */
export function draftOf(guards: AlertGuards, localZone: string): GuardsDraft {
  const text = (value: number | undefined) => (value === undefined ? '' : String(value));
  return {
    maxAlertAgeSeconds: text(guards.maxAlertAgeSeconds),
    cooldownMinutes: text(guards.cooldownMinutes),
    maxEntriesPerDay: text(guards.maxEntriesPerDay),
    dailyLossLimitUsd: text(guards.dailyLossLimitUsd),
    direction: guards.direction ?? 'both',
    timeZone: guards.timeZone ?? localZone,
    windows: (guards.tradingWindows ?? []).map((w) => ({ days: [...w.days], from: w.from, to: w.to })),
    approval: guards.approval ?? 'auto',
    ...timeoutDraft(guards.approvalTimeoutSeconds ?? DEFAULT_APPROVAL_TIMEOUT_SECONDS),
  };
}

/** A timeout in whole minutes when it is one, else in seconds. */
function timeoutDraft(seconds: number): Pick<GuardsDraft, 'approvalTimeout' | 'approvalTimeoutUnit'> {
  return seconds % 60 === 0
    ? { approvalTimeout: String(seconds / 60), approvalTimeoutUnit: 'minutes' }
    : { approvalTimeout: String(seconds), approvalTimeoutUnit: 'seconds' };
}

/** The timeout typed in another unit: what was typed, converted (to whole seconds, or minutes to two decimals). */
export function withTimeoutUnit(draft: GuardsDraft, unit: TimeoutUnit): Pick<GuardsDraft, 'approvalTimeout' | 'approvalTimeoutUnit'> {
  const written = draft.approvalTimeout.trim();
  const value = Number(written);
  if (written === '' || !Number.isFinite(value) || unit === draft.approvalTimeoutUnit)
    return { approvalTimeout: draft.approvalTimeout, approvalTimeoutUnit: unit };
  const seconds = value * UNIT_SECONDS[draft.approvalTimeoutUnit];
  const converted = unit === 'seconds' ? Math.round(seconds) : Math.round((seconds / 60) * 100) / 100;
  return { approvalTimeout: String(converted), approvalTimeoutUnit: unit };
}

/** The approval guard a draft saves: none when automatic (the default), else manual with its timeout in whole seconds. */
function approvalOf(draft: GuardsDraft, errors: Record<string, string>): Pick<AlertGuards, 'approval' | 'approvalTimeoutSeconds'> {
  if (draft.approval === 'auto') return {};
  const written = draft.approvalTimeout.trim();
  const seconds = Math.round(Number(written) * UNIT_SECONDS[draft.approvalTimeoutUnit]);
  if (written === '' || !Number.isFinite(seconds)) errors.approvalTimeoutSeconds = `Enter how long an entry waits. ${APPROVAL_TIMEOUT_BOUNDS}`;
  else if (seconds < TIMEOUT_MIN || seconds > TIMEOUT_MAX) errors.approvalTimeoutSeconds = APPROVAL_TIMEOUT_BOUNDS;
  return { approval: 'manual', approvalTimeoutSeconds: seconds };
}

/** The guards a draft saves, or the message of each field at fault (`windows.0.to`…). */
export function guardsOf(draft: GuardsDraft): { readonly guards: AlertGuards | null; readonly errors: Readonly<Record<string, string>> } {
  const errors: Record<string, string> = {};
  const numbers: Partial<Record<NumberField, number>> = {};
  for (const field of NUMBER_FIELDS) {
    const written = draft[field].trim();
    if (written === '') continue;
    const value = Number(written);
    if (!Number.isFinite(value)) errors[field] = 'Enter a number, or leave it empty for no limit.';
    else numbers[field] = value;
  }
  const candidate = {
    ...numbers,
    ...(draft.direction === 'both' ? {} : { direction: draft.direction }),
    ...(draft.windows.length === 0 ? {} : { tradingWindows: draft.windows.map((w) => ({ days: [...w.days], from: w.from, to: w.to })) }),
    ...approvalOf(draft, errors),
    // A zone matters only to windows and "a day": saved when one of them is set.
    ...(draft.windows.length > 0 || numbers.maxEntriesPerDay !== undefined || numbers.dailyLossLimitUsd !== undefined
      ? { timeZone: draft.timeZone.trim() }
      : {}),
  };
  const parsed = AlertGuardsSchema.safeParse(candidate);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return Object.keys(errors).length > 0 || !parsed.success ? { guards: null, errors } : { guards: parsed.data, errors };
}

/** The zone this device's clock shows, the draft's default. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
