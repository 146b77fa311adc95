import { z } from 'zod';

/**
 * Webhook log statuses of spec §4; a new log starts as `received`.
 * Allowed moves (ARCHITECTURE §9): received → validating → executing → executed | failed,
 * and received or validating → failed; executed and failed are terminal. An entry of a strategy
 * with manual approval (issue 42) goes validating → awaiting_approval → validating (approved) or
 * failed (rejected, expired).
 */
export const SignalStatusSchema = z.enum(['received', 'validating', 'awaiting_approval', 'executing', 'executed', 'failed']);
/** A webhook log status. */
export type SignalStatus = z.infer<typeof SignalStatusSchema>;

/** True for the statuses no command can leave (executed, failed). */
export function isTerminalSignalStatus(status: SignalStatus): boolean {
  return status === 'executed' || status === 'failed';
}
