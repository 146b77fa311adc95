import type { WebhookLogApproval } from '@hyperhook/domain';
import { formatSize, formatUsdPrice } from '../../lib/format/numbers';
import { formatClockTime } from '../../lib/format/time';

/** What waits, as planned when the alert came (issue 42): "BUY 0.0033 BTC at $60,010". */
export function heldOrderText(approval: Pick<WebhookLogApproval, 'side' | 'size' | 'coin' | 'price'>): string {
  return `${approval.side.toUpperCase()} ${formatSize(Number(approval.size))} ${approval.coin} at ${formatUsdPrice(Number(approval.price))}`;
}

/** A held entry's row while it waits, beside "Awaiting approval": until when, then what. */
export function waitingText(approval: WebhookLogApproval): string {
  return `Until ${formatClockTime(approval.expiresAt)}: ${heldOrderText(approval)}`;
}

/** An answered one: "Approved in the app at 14:03:10" or "… from a notification at …"; null until approved. */
export function approvedText(approval: WebhookLogApproval | undefined): string | null {
  if (approval?.approvedAt === undefined) return null;
  const where = approval.via === 'push' ? 'from a notification' : 'in the app';
  return `Approved ${where} at ${formatClockTime(approval.approvedAt)}`;
}
