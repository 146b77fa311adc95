import { create } from 'zustand';

/** One question for the user: the spec's confirmation texts. */
export interface ConfirmRequest {
  readonly message: string;
  readonly confirmLabel: string;
  readonly danger?: boolean;
}

interface ConfirmState {
  readonly request: (ConfirmRequest & { readonly answer: (yes: boolean) => void }) | null;
  ask(request: ConfirmRequest): Promise<boolean>;
  answer(yes: boolean): void;
}

export const useConfirmStore = create<ConfirmState>()((set, get) => ({
  request: null,
  ask: (request) =>
    new Promise<boolean>((resolve) => {
      get().request?.answer(false);
      set({ request: { ...request, answer: resolve } });
    }),
  answer: (yes) => {
    get().request?.answer(yes);
    set({ request: null });
  },
}));

/** Asks for confirmation in an in-page dialog; resolves true only on an explicit yes. */
export function confirmAction(request: ConfirmRequest): Promise<boolean> {
  return useConfirmStore.getState().ask(request);
}
