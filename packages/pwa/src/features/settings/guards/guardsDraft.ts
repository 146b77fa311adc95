import { AlertGuardsSchema, type AlertGuards, type GuardDirection, type Weekday } from '@hyperhook/domain';

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
}

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
  };
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
