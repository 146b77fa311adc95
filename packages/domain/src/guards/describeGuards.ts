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
  if (guards.approval === 'manual') phrases.push(`entries wait up to ${describeApprovalTimeout(guards)} for approval`);
  return phrases;
}

/** How long an entry waits for approval (issue 42), in the largest whole units: "5 min", "90 s", "1 h 30 min", "24 h". */
export function describeApprovalTimeout(guards: Pick<AlertGuards, 'approvalTimeoutSeconds'>): string {
  const seconds = guards.approvalTimeoutSeconds ?? DEFAULT_APPROVAL_TIMEOUT_SECONDS;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (rest !== 0) return seconds < 3600 ? `${seconds} s` : `${hours} h ${minutes} min ${rest} s`;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}
