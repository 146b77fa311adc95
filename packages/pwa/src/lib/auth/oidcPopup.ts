import { OidcPopupMessageSchema, type OidcProviderView, type SessionView } from '@hyperhook/domain';

/** A sign-in the provider (or the api) refused: its message is shown. */
export class PopupSignInError extends Error {}

const POPUP_FEATURES = 'popup=yes,width=480,height=680';

/**
 * How long a closed popup's message may still arrive. The callback page posts, then closes itself;
 * the message crosses to this window as a task of its own, which a loaded machine can run after
 * the check that sees the popup closed. Without the wait, such a sign-in was taken for the user
 * closing the popup, and nothing happened.
 */
const LATE_MESSAGE_MS = 1_500;

/**
 * Signs in through the provider's popup: opens `startUrl`, waits for the callback page's
 * message from our own origin, and answers the session — or null when the user closed the popup or
 * cancelled at the provider, which the caller ignores silently.
 */
export function signInWithPopup(provider: OidcProviderView, failure: string): Promise<SessionView | null> {
  return new Promise((resolve, reject) => {
    const popup = window.open(provider.startUrl, `hyperhook-oidc-${provider.id}`, POPUP_FEATURES);
    if (popup === null) {
      reject(new PopupSignInError(failure));
      return;
    }
    let lateMessage: number | undefined;
    const finish = (outcome: () => void) => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(closedWatch);
      window.clearTimeout(lateMessage);
      outcome();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const message = OidcPopupMessageSchema.safeParse(event.data);
      if (!message.success) return;
      const data = message.data;
      if (data.ok) finish(() => resolve({ token: data.token, refreshToken: data.refreshToken, user: data.user }));
      else if ('cancelled' in data) finish(() => resolve(null));
      else finish(() => reject(new PopupSignInError(data.error || failure)));
    };
    window.addEventListener('message', onMessage);
    // A popup closed by the user sends nothing: notice it and, once a late message had its time, give up quietly.
    const closedWatch = window.setInterval(() => {
      if (!popup.closed || lateMessage !== undefined) return;
      lateMessage = window.setTimeout(() => finish(() => resolve(null)), LATE_MESSAGE_MS);
    }, 400);
  });
}
