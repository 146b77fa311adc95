import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** A tapped notification asks an open window to show its target (the log's row) without reloading the app. */
export function useNotificationNavigation(): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    const container = navigator.serviceWorker;
    if (container === undefined) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type === 'hyperhook:open' && typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//')) navigate(data.url);
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [navigate]);
}
