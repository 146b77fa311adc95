import type { SignalHeldForApproval, SignalReceived } from '@hyperhook/domain';
import { logUrl } from '../push/pushMessageFor.js';
import { strategyOfSignal } from './noticeFor.js';
import type { Notice } from './sendToChannel.js';

/** The held entry in a few words: "BTC buy 0.01". */
export function heldEntryWords(held: Pick<SignalHeldForApproval['data'], 'coin' | 'side' | 'size'>): string {
  return `${held.coin} ${held.side} ${held.size}`;
}

/** How long the entry waits, from the hold's own times (never the clock, so a late notice reads the same): "5 min", "45 s", "2 min 30 s". */
export function waitWords(from: string, until: string): string {
  const seconds = Math.max(0, Math.round((Date.parse(until) - Date.parse(from)) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const rest = seconds % 60;
  return rest === 0 ? `${Math.floor(seconds / 60)} min` : `${Math.floor(seconds / 60)} min ${rest} s`;
}

/**
 * The notice of an entry held for the trader's approval (issue 42): what was planned, at which
 * price, and how long it waits, linking to its log row. Web push adds the Approve and Reject
 * buttons from `approvalExpiresAt`; a channel gets the words and the link only.
 */
export function awaitingApprovalNotice(publicUrl: string, received: SignalReceived['data'], held: SignalHeldForApproval['data']): Notice {
  return {
    event: 'alert.awaiting_approval',
    title: `${heldEntryWords(held)} awaits your approval`,
    strategy: strategyOfSignal(received),
    symbol: held.coin,
    reason: `Planned at $${held.price}; ${waitWords(held.at, held.expiresAt)} to approve or reject it, else it is not sent.`,
    signalId: received.signalId,
    url: `${publicUrl}${logUrl(received.signalId)}`,
    at: held.at,
    approvalExpiresAt: held.expiresAt,
  };
}
