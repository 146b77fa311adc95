/** An answer to an entry awaiting approval (issue 42). */
export type ApprovalAnswer = 'approve' | 'reject';

/** A button of an approval's notification: its answer, its label, and the path that records it. */
export interface ApprovalButton {
  readonly action: ApprovalAnswer;
  readonly title: string;
  readonly url: string;
}

/** What the service worker shows once an answer was posted. */
export interface AnswerToast {
  readonly title: string;
  readonly body: string;
}

/**
 * The only paths a button may post to: this app's answer of one alert, with the push's token
 * (packages/api/src/push/approvalActions.ts). Anything else in a payload is dropped, so a push can
 * never make the service worker post elsewhere.
 */
const ANSWER_PATH = /^\/api\/approvals\/[A-Za-z0-9_.:-]{1,128}\/(approve|reject)\?token=[A-Za-z0-9_-]{1,256}$/;

/** The answer a path records, or null when it is not an answer path. */
function answerOfPath(url: unknown): ApprovalAnswer | null {
  if (typeof url !== 'string') return null;
  const answer = ANSWER_PATH.exec(url)?.[1];
  return answer === 'approve' || answer === 'reject' ? answer : null;
}

/** The Approve and Reject buttons of a push payload (JSON `actions`), each kept only when its path records its own answer. */
export function approvalButtonsFromPush(text: string | null): ApprovalButton[] {
  let data: unknown;
  try {
    data = text === null ? null : JSON.parse(text);
  } catch {
    return [];
  }
  const actions = (data as { actions?: unknown } | null)?.actions;
  if (!Array.isArray(actions)) return [];
  return actions.flatMap((raw: unknown) => {
    const { action, title, url } = (raw ?? {}) as Record<string, unknown>;
    const answer = answerOfPath(url);
    if (answer === null || answer !== action || typeof url !== 'string') return [];
    const label = typeof title === 'string' && title !== '' ? title.slice(0, 40) : answer === 'approve' ? 'Approve' : 'Reject';
    return [{ action: answer, title: label, url }];
  });
}

/** The path a clicked button posts to, read back from the notification's data; null for a plain click or anything else. */
export function answerUrlOf(data: unknown, action: string): string | null {
  if (action !== 'approve' && action !== 'reject') return null;
  const url = (data as { answers?: Record<string, unknown> } | null)?.answers?.[action];
  return typeof url === 'string' && answerOfPath(url) === action ? url : null;
}

const UNREACHABLE: AnswerToast = { title: 'Not answered', body: 'hyperhook could not be reached. Open the app to approve or reject this alert.' };

/** The words for the api's answer: the entry approved or rejected, else the api's own reason (409 "This alert was already approved.", an expired link). */
export function answerToast(status: number, body: unknown): AnswerToast {
  const envelope = (body ?? {}) as { data?: { answer?: unknown; coin?: unknown; side?: unknown; size?: unknown }; error?: unknown };
  const data = envelope.data;
  if (status === 200 && data !== undefined && (data.answer === 'approved' || data.answer === 'rejected')) {
    const entry = [data.coin, data.side, data.size].filter((part) => typeof part === 'string').join(' ');
    return data.answer === 'approved'
      ? { title: `Approved: ${entry}`, body: 'It is checked again and sent at the current price.' }
      : { title: `Rejected: ${entry}`, body: 'Nothing was sent.' };
  }
  return typeof envelope.error === 'string' && envelope.error !== '' ? { title: 'Not answered', body: envelope.error } : UNREACHABLE;
}

/** A fetch as the service worker has it, narrowed to what answering needs. */
export type PostAnswer = (url: string, init: { method: 'POST'; credentials: 'omit' }) => Promise<{ status: number; json(): Promise<unknown> }>;

/**
 * Posts a button's answer and words the outcome. No session goes with it (the service worker has
 * none, and the token in the path is the authority); a network failure or an unreadable answer
 * still gives words, so the trader is never left without knowing.
 */
export async function answerFromNotification(post: PostAnswer, url: string): Promise<AnswerToast> {
  try {
    const response = await post(url, { method: 'POST', credentials: 'omit' });
    return answerToast(response.status, await response.json().catch(() => null));
  } catch {
    return UNREACHABLE;
  }
}
