import { Suspense, type ReactNode } from 'react';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Footer } from '../components/Footer';
import { useNotificationNavigation } from '../features/push/useNotificationNavigation';
import { Toaster } from '../lib/toasts/Toaster';
import { UpdatePrompt } from '../features/update/UpdatePrompt';
import { PageLoading } from './PageLoading';

/** The frame of every screen: the page, the footer, toasts at the top right, dialogs, the update prompt. */
export function AppLayout({ children }: { children: ReactNode }) {
  useNotificationNavigation();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
      <Footer />
      <Toaster />
      <ConfirmDialog />
      <UpdatePrompt />
    </div>
  );
}
