import { DEFAULT_APPROVAL_TIMEOUT_SECONDS, guardsTimeZone, type AlertGuards } from './alertGuards.js';
import { describeWindow } from './checkEntryGuards.js';

/** The guards in words, one phrase each, for the History and the strategy's settings; empty when none is set. */
export function describeGuards(guards: AlertGuards): string[] {
  const phrases: string[] = [];
  if (guards.direction === 'long' || guards.direction === 'short') phrases.push(`${guards.direction} entries only`);
  if (guards.tradingWindows !== undefined) phrases.push(`entries ${guards.tradingWindows.map(describeWindow).join('; ')} (${guardsTimeZone(guards)})`);
  if (guards.maxAlertAgeSeconds !== undefined) phrases.push(`entries sent up to ${guards.maxAlertAgeSeconds} s ago`);
  if (guards.cooldownMinutes !== undefined) phrases.push(`${guards.cooldownMinutes} min between entries in a coin`);
  if (guards.maxEntriesPerDay !== undefined) phrases.push(`at most ${guards.maxEntriesPerDay} ${guards.maxEntriesPerDay === 1 ? 'entry' : 'entries'} a day`);
  if (guards.dailyLossLimitUsd !== undefined) phrases.push(`no entries past a ${guards.dailyLossLimitUsd} USD loss a day`);
  if (guards.approval === 'manual') phrases.push(`entries wait up to ${guards.approvalTimeoutSeconds ?? DEFAULT_APPROVAL_TIMEOUT_SECONDS} s for approval`);
  return phrases;
}
