import type { SignalStatus } from '@hyperhook/domain';

/** Each status's badge colour (a `badge--*` class of styles/components.css). */
export const STATUS_TONE: Record<SignalStatus, 'green' | 'red' | 'blue' | 'yellow' | 'grey'> = {
  executed: 'green',
  failed: 'red',
  executing: 'blue',
  validating: 'yellow',
  awaiting_approval: 'yellow',
  received: 'grey',
};

/** How a status reads on badges, chips and filter options. */
export const STATUS_LABEL: Record<SignalStatus, string> = {
  executed: 'Executed',
  failed: 'Failed',
  executing: 'Executing',
  validating: 'Validating',
  awaiting_approval: 'Awaiting approval',
  received: 'Received',
};

/**
 * The status chips follow spec §4's order; an entry waiting for the trader's approval (issue 42)
 * sits where it waits in an alert's life, between executing and validating.
 */
export const STATUS_CHIP_ORDER: readonly SignalStatus[] = ['executed', 'executing', 'awaiting_approval', 'validating', 'received', 'failed'];

/** What the status filter holds: one status, or every one. */
export type StatusFilter = SignalStatus | 'all';

/** The status filter's options follow spec §2's order, awaiting approval (issue 42) beside the other statuses in flight. */
export const STATUS_FILTER_OPTIONS: readonly { readonly value: StatusFilter; readonly label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'executed', label: STATUS_LABEL.executed },
  { value: 'failed', label: STATUS_LABEL.failed },
  { value: 'executing', label: STATUS_LABEL.executing },
  { value: 'awaiting_approval', label: STATUS_LABEL.awaiting_approval },
  { value: 'validating', label: STATUS_LABEL.validating },
  { value: 'received', label: STATUS_LABEL.received },
];

/** A log is in flight while it is validated or executed. */
export function isInFlight(status: SignalStatus): boolean {
  return status === 'validating' || status === 'executing';
}
