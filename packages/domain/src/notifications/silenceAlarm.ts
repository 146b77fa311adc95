import type { SilenceAlarm } from './notificationPreferences.js';

/** Where an alarm stands: since when silence is counted, when it is due, and whether it is. */
export interface SilenceReading {
  /** The later of the alarm's saving and the last alert: where the gap is measured from. */
  readonly silentSince: string;
  readonly dueAt: number;
  readonly silent: boolean;
}

/**
 * A strategy is silent once `minutes` passed with no alert, counted from the later of the alarm's
 * saving (an alarm set on a quiet strategy does not fire at once) and its last alert. A new alert
 * moves `silentSince`, which is what re-arms the alarm after it fired.
 */
export function readSilence(alarm: SilenceAlarm, lastAlertAt: string | null, now: Date): SilenceReading {
  const since = Date.parse(alarm.since);
  const last = lastAlertAt === null ? Number.NEGATIVE_INFINITY : Date.parse(lastAlertAt);
  const silentSince = last > since ? (lastAlertAt as string) : alarm.since;
  const dueAt = Math.max(since, last) + alarm.minutes * 60_000;
  return { silentSince, dueAt, silent: now.getTime() >= dueAt };
}
