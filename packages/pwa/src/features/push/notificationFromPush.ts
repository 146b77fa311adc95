/** What the service worker shows for one push. */
export interface PushNotification {
  readonly title: string;
  readonly body: string;
  readonly tag: string;
  /** Where a tap leads: always a path of this app. */
  readonly url: string;
}

const FALLBACK: PushNotification = { title: 'hyperhook', body: 'Something happened on your account.', tag: 'hyperhook', url: '/dashboard?tab=logs' };

/**
 * Reads a push payload as the api sends it (packages/api/src/push/pushMessageFor.ts: JSON with
 * title, body, tag, url). Anything unreadable still shows a generic notification — a push that
 * shows nothing is penalised by browsers — and a url that is not a path of this app is replaced,
 * so a push can never send the user to another site.
 */
export function notificationFromPush(text: string | null): PushNotification {
  if (text === null || text === '') return FALLBACK;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ...FALLBACK, body: text.slice(0, 200) };
  }
  if (typeof data !== 'object' || data === null) return FALLBACK;
  const record = data as Record<string, unknown>;
  const text_ = (key: string, fallback: string) => (typeof record[key] === 'string' && record[key] !== '' ? (record[key] as string) : fallback);
  const url = text_('url', FALLBACK.url);
  return {
    title: text_('title', FALLBACK.title),
    body: text_('body', ''),
    tag: text_('tag', FALLBACK.tag),
    url: url.startsWith('/') && !url.startsWith('//') ? url : FALLBACK.url,
  };
}
