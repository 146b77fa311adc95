import { z } from 'zod';
import { EntityIdSchema } from '../eventModel/primitives.js';
import { StrategyVenueSchema } from '../eventModel/strategyIds.js';
import { ApprovalViaSchema } from '../signal/signalEvents.js';
import { SignalStatusSchema } from '../signal/signalStatus.js';
import type { WebhookLogView } from '../signal/webhookLogView.js';

/**
 * An entry awaiting the trader's approval (issue 42), as `GET /api/approvals` answers it: what was
 * planned when the alert came (the order is planned again at the price of the moment once
 * approved) and until when it waits.
 */
export const ApprovalViewSchema = z.object({
  /** The webhook log id, which is the signal id: `POST /api/approvals/<logId>/approve`. */
  logId: z.string(),
  strategyId: z.string(),
  strategyName: z.string(),
  venue: StrategyVenueSchema,
  coin: z.string(),
  side: z.enum(['buy', 'sell']),
  /** Decimal strings, as planned when the alert came. */
  size: z.string(),
  price: z.string(),
  heldAt: z.string(),
  expiresAt: z.string(),
});
/** An entry awaiting approval. */
export type ApprovalView = z.infer<typeof ApprovalViewSchema>;
/** `GET /api/approvals`: the entries awaiting approval, the newest held first. */
export const ApprovalListSchema = z.array(ApprovalViewSchema);

/**
 * The entries of `logs` that await approval, the newest held first: the api's list, and what the
 * PWA can derive from the logs `/api/live` pushes, by the same rule.
 */
export function approvalsOf(logs: readonly WebhookLogView[]): ApprovalView[] {
  return logs
    .flatMap((log) => {
      const held = log.approval;
      if (log.status !== 'awaiting_approval' || held === undefined) return [];
      const { coin, side, size, price, heldAt, expiresAt } = held;
      const view: ApprovalView = {
        logId: log.webhookLogId,
        strategyId: log.strategyId,
        strategyName: log.strategyName,
        venue: log.venue ?? 'live',
        coin,
        side,
        size,
        price,
        heldAt,
        expiresAt,
      };
      return [view];
    })
    .sort((a, b) => (a.heldAt === b.heldAt ? a.logId.localeCompare(b.logId) : a.heldAt < b.heldAt ? 1 : -1));
}

/** The path of an answer: which held entry. */
export const ApprovalParamsSchema = z.strictObject({ logId: EntityIdSchema.describe('The webhook log id of the held entry') });

/**
 * The query of an answer: nothing from the app (the bearer token says who answers), or the token a
 * push notification carries, which answers this one alert without a session (the service worker
 * has none). Its shape is checked with the token, so a malformed one is refused like a wrong one.
 */
export const ApprovalAnswerQuerySchema = z.strictObject({
  token: z.string().max(256).optional().describe("The push notification's token for this alert, in place of a signed-in session"),
});

/** `POST /api/approvals/:logId/approve` and `/reject`: what the answer did. */
export const ApprovalAnsweredSchema = z.object({
  logId: z.string(),
  answer: z.enum(['approved', 'rejected']),
  via: ApprovalViaSchema,
  /** The log status now: `validating` once approved (checked and planned again), `failed` once rejected. */
  status: SignalStatusSchema,
  coin: z.string(),
  side: z.enum(['buy', 'sell']),
  size: z.string(),
});
/** An answered approval. */
export type ApprovalAnswered = z.infer<typeof ApprovalAnsweredSchema>;
