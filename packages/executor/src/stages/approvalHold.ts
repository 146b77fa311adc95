import { DEFAULT_APPROVAL_TIMEOUT_SECONDS, entersBy, type AlertGuards, type OrderPlan, type ParsedAlert } from '@hyperhook/domain';
import type { AwaitApproval } from './signalStop.js';

/**
 * The approval guard (issue 42), weighed after every other guard passed, live and paper alike: an
 * entry (an order that opens, adds to or flips the strategy's own position, the test the other
 * guards use) of a strategy with `approval: 'manual'` waits for its trader until now + the
 * strategy's timeout. An exit never waits, and an alert approved once is never held again: the
 * approval is the trader's answer for it. Null when the order may go.
 */
export function approvalHold(
  guards: AlertGuards | undefined,
  planned: Pick<OrderPlan, 'coin' | 'isBuy' | 'size' | 'referencePrice'> & { readonly heldSzi: string },
  approvedAt: string | null,
  now: number,
): AwaitApproval | null {
  if (guards?.approval !== 'manual' || approvedAt !== null) return null;
  if (!entersBy({ szi: planned.heldSzi }, planned.isBuy ? planned.size : `-${planned.size}`)) return null;
  const timeoutSeconds = guards.approvalTimeoutSeconds ?? DEFAULT_APPROVAL_TIMEOUT_SECONDS;
  return {
    kind: 'await',
    expiresAt: new Date(now + timeoutSeconds * 1000).toISOString(),
    coin: planned.coin,
    side: planned.isBuy ? 'buy' : 'sell',
    size: planned.size,
    // The mid (or the limit) the size was computed from: what the trader weighs, not the IOC's slippage bound.
    price: planned.referencePrice,
  };
}

/**
 * Where an approved alert's age counts from (issue 42): its approval, not its receipt or the time
 * it says it was sent. Its age passed the checks when it was held; it is not refused for having
 * waited for its trader, only for lying about since the approval. Unapproved: as received.
 */
export function agedFromApproval<Alert extends Pick<ParsedAlert, 'sentAt'>>(
  received: { readonly receivedAt: string; readonly alert: Alert },
  approvedAt: string | null,
): { readonly ageFrom: string; readonly alert: Alert } {
  if (approvedAt === null) return { ageFrom: received.receivedAt, alert: received.alert };
  return { ageFrom: approvedAt, alert: received.alert.sentAt === undefined ? received.alert : { ...received.alert, sentAt: approvedAt } };
}
