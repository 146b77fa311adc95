import { create } from 'zustand';

interface StrategiesDialogState {
  readonly open: boolean;
  show(): void;
  close(): void;
}

/** Whether "Manage strategies" is open: the switcher opens it; a step of the dialog closes it to lead elsewhere. */
export const useStrategiesDialogStore = create<StrategiesDialogState>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  close: () => set({ open: false }),
}));
