import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../../lib/api/apiError';
import { isIosSafari, isStandalone } from '../../lib/platform';
import { toast } from '../../lib/toasts/toastStore';
import { deleteSubscription, saveSubscription, sendTestNotification, vapidKeyBytes, vapidPublicKeyQuery } from './pushApi';
import { subscribeWithin } from './subscribeWithin';

/** Where this browser stands with web push. */
export type PushSupport = 'supported' | 'unsupported' | 'needsInstall';

function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    // iOS Safari offers push only to the installed app (16.4+).
    return isIosSafari(navigator.userAgent, navigator.maxTouchPoints ?? 0) && !isStandalone() ? 'needsInstall' : 'unsupported';
  }
  return 'supported';
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Web-push opt-in for this browser: subscribe with the api's VAPID key
 * and store the subscription, unsubscribe, and ask for a test notification.
 */
export function usePushNotifications() {
  const queryClient = useQueryClient();
  const [support] = useState(pushSupport);
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  /** Why turning notifications on failed last time: shown in the menu until the next attempt (a toast may be missed). */
  const [problem, setProblem] = useState<string | null>(null);
  const [permission, setPermission] = useState<NotificationPermission>(() => (support === 'supported' ? Notification.permission : 'default'));

  useEffect(() => {
    if (support !== 'supported') return;
    currentSubscription().then(
      (subscription) => setSubscribed(subscription !== null),
      () => setSubscribed(false),
    );
  }, [support]);

  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  }, []);

  const enable = () =>
    run(async () => {
      setProblem(null);
      const granted = await Notification.requestPermission();
      setPermission(granted);
      if (granted !== 'granted') {
        toast({
          variant: 'warning',
          title: 'Notifications are blocked',
          description: 'Allow notifications for this site in your browser settings, then try again.',
        });
        return;
      }
      try {
        const { publicKey } = await queryClient.fetchQuery(vapidPublicKeyQuery);
        const registration = await navigator.serviceWorker.ready;
        const subscription = await subscribeWithin(registration.pushManager, { userVisibleOnly: true, applicationServerKey: vapidKeyBytes(publicKey) });
        await saveSubscription(subscription.toJSON());
        setSubscribed(true);
        toast({ variant: 'success', title: 'Notifications on', description: 'You will be told when alerts execute or fail.' });
      } catch (error) {
        const description = messageOf(error, 'Please try again.');
        setProblem(description);
        toast({ variant: 'error', title: 'Unable to turn on notifications', description });
      }
    });

  const disable = () =>
    run(async () => {
      try {
        const subscription = await currentSubscription();
        if (subscription !== null) {
          await deleteSubscription(subscription.endpoint);
          await subscription.unsubscribe();
        }
        setSubscribed(false);
        toast({ variant: 'info', title: 'Notifications off' });
      } catch (error) {
        toast({ variant: 'error', title: 'Unable to turn off notifications', description: messageOf(error, 'Please try again.') });
      }
    });

  const test = () =>
    run(async () => {
      try {
        const result = await sendTestNotification();
        toast({
          variant: result.sent > 0 ? 'success' : 'warning',
          title: result.sent > 0 ? 'Test notification sent' : 'No device received it',
          description: result.sent > 0 ? 'It should appear in a moment.' : 'Turn notifications off and on again on this device.',
        });
      } catch (error) {
        toast({ variant: 'error', title: 'Unable to send a test notification', description: messageOf(error, 'Please try again.') });
      }
    });

  return { support, subscribed, permission, busy, problem, enable, disable, test };
}

/** This browser's web-push state and actions, as the bell's menu renders them. */
export type PushNotifications = ReturnType<typeof usePushNotifications>;
