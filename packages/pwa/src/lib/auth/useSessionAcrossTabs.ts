import { useEffect } from 'react';
import { SESSION_STORAGE_KEY, useSessionStore } from './sessionStore';

/** Another tab signed in, renewed or signed out: follow it. */
export function useSessionAcrossTabs(): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_STORAGE_KEY) void useSessionStore.persist.rehydrate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
