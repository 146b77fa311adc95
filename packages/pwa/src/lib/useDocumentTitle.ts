import { useEffect } from 'react';

/** Sets the tab's title ("Webhook Logs · hyperhook"), so screen readers and tab strips tell pages apart. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · hyperhook`;
  }, [title]);
}
