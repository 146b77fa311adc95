import type { KeysExpiryStage } from './alarmEvents.js';

const DAY_MS = 86_400_000;

/** The stages in the order they come: a later one told makes an earlier one pointless. */
export const KEYS_EXPIRY_STAGES: readonly KeysExpiryStage[] = ['week', 'day', 'expired'];

/**
 * Which notice an API wallet expiring at `validUntil` is due at `now`: `week` from 7 days before,
 * `day` from 1 day before, `expired` once past; null before the week. A wallet saved with 3 days
 * left is at `week` at once (issue 42, point 2: a save with 7 days or less left tells at once).
 */
export function keysExpiryStage(validUntil: string, now: Date): KeysExpiryStage | null {
  const left = Date.parse(validUntil) - now.getTime();
  if (left <= 0) return 'expired';
  if (left <= DAY_MS) return 'day';
  return left <= 7 * DAY_MS ? 'week' : null;
}

/** Whole days left before `validUntil`, rounded up (0 once past). */
export function daysLeft(validUntil: string, now: Date): number {
  return Math.max(0, Math.ceil((Date.parse(validUntil) - now.getTime()) / DAY_MS));
}
