import { create } from 'zustand';

/**
 * The live socket's state, shown in the dashboard header: client state, not server state. Offline
 * is the browser's state, not the socket's: the header shows its own badge then.
 */
export type LiveStatus = 'connecting' | 'live';

export const useLiveStore = create<{ status: LiveStatus; set(status: LiveStatus): void }>()((set) => ({
  status: 'connecting',
  set: (status) => set({ status }),
}));
