import { z } from 'zod';

/**
 * Webhook log statuses of spec §4; a new log starts as `received`.
 * Allowed moves (ARCHITECTURE §9): received → validating → executing → executed | failed,
 * and received or validating → failed; executed and failed are terminal.
 */
export const SignalStatusSchema = z.enum(['received', 'validating', 'executing', 'executed', 'failed']);
/** A webhook log status. */
export type SignalStatus = z.infer<typeof SignalStatusSchema>;

/** True for the statuses no command can leave (executed, failed). */
export function isTerminalSignalStatus(status: SignalStatus): boolean {
  return status === 'executed' || status === 'failed';
}
