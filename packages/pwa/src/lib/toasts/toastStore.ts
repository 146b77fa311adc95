import { create } from 'zustand';

/** A toast: id, title, optional description and a variant. */
export interface Toast {
  readonly id: string;
  readonly title: string;
  readonly description?: string;
  readonly variant: 'success' | 'error' | 'info' | 'warning';
}

/** Toasts close by themselves after 4 seconds (spec §9). */
export const TOAST_DURATION_MS = 4_000;

interface ToastState {
  readonly toasts: readonly Toast[];
  show(toast: Omit<Toast, 'id'>): string;
  dismiss(id: string): void;
}

let counter = 0;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (toast) => {
    counter += 1;
    const id = `toast-${counter}`;
    set((state) => ({ toasts: [...state.toasts, { ...toast, id }] }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
}));

/** Shows a toast from anywhere (components, mutations, the api client). */
export function toast(toast: Omit<Toast, 'id'>): string {
  return useToastStore.getState().show(toast);
}
