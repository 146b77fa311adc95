import { approvalToken } from '../approvals/approvalToken.js';
import type { Notice } from '../notifications/sendToChannel.js';
import { noticeMessage, type PushAction, type PushMessage } from './pushMessageFor.js';

/** The path that answers a held entry with a push's token: relative, as the service worker posts on its own origin. */
export function approvalAnswerPath(logId: string, answer: PushAction['action'], token: string): string {
  return `/api/approvals/${encodeURIComponent(logId)}/${answer}?token=${token}`;
}

/**
 * The push of a notice, with Approve and Reject buttons when it is an entry awaiting the trader's
 * approval that still waits at `now`: each posts to its answer path with the token of that alert
 * for `uid` (approvalToken.ts). The push is end-to-end encrypted to the subscribed browser, so
 * the push service never reads the token; channels never get it. Once the entry stopped waiting
 * (a push sent late, after a restart) the buttons could only be refused: the push then just opens the app.
 */
export function pushMessageOf(notice: Notice, uid: string, approvalKey: Uint8Array, now: Date): PushMessage {
  const message = noticeMessage(notice);
  const { signalId, approvalExpiresAt: expiresAt } = notice;
  if (notice.event !== 'alert.awaiting_approval' || signalId === null || expiresAt === undefined) return message;
  if (now.getTime() >= Date.parse(expiresAt)) return message;
  const token = approvalToken(approvalKey, { uid, logId: signalId, expiresAt });
  return {
    ...message,
    actions: [
      { action: 'approve', title: 'Approve', url: approvalAnswerPath(signalId, 'approve', token) },
      { action: 'reject', title: 'Reject', url: approvalAnswerPath(signalId, 'reject', token) },
    ],
  };
}
