import type { NotificationChannelType } from '@hyperhook/domain';

/** A channel kind's name on screen. */
export const CHANNEL_LABEL: Record<NotificationChannelType, string> = { telegram: 'Telegram', discord: 'Discord', webhook: 'Webhook' };

/** A channel's name for headings and accessible names: its kind and what may be shown of its target. */
export function channelName(type: NotificationChannelType, target: string | null): string {
  return target === null ? `New ${CHANNEL_LABEL[type]} channel` : `${CHANNEL_LABEL[type]} ${target}`;
}

/** An HTTP status and error as one short text: "HTTP 500", "timed out". */
export function failureText(status: number | null, error: string | null): string {
  if (error !== null && error !== '') return error;
  return status === null ? 'no answer' : `HTTP ${status}`;
}
