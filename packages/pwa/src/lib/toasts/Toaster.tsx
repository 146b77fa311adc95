import { useEffect } from 'react';
import { TOAST_DURATION_MS, useToastStore, type Toast } from './toastStore';

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useToastStore((state) => state.dismiss);
  useEffect(() => {
    const timer = window.setTimeout(() => dismiss(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [dismiss, toast.id]);
  return (
    <div className={`toast toast--${toast.variant}`} role={toast.variant === 'error' ? 'alert' : 'status'} data-testid="toast">
      <div className="toast__text">
        <p className="toast__title">{toast.title}</p>
        {toast.description !== undefined && <p className="toast__description">{toast.description}</p>}
      </div>
      <button type="button" className="toast__close" aria-label="Close notification" onClick={() => dismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}

/** The toast area, fixed at the top right of every screen. */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  return (
    <section className="toaster" aria-label="Notifications" aria-live="polite">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </section>
  );
}
