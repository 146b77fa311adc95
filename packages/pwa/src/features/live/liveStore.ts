import { create } from 'zustand';

/** The live socket's state, shown in the dashboard header: client state, not server state. */
export type LiveStatus = 'connecting' | 'live' | 'offline';

export const useLiveStore = create<{ status: LiveStatus; set(status: LiveStatus): void }>()((set) => ({
  status: 'connecting',
  set: (status) => set({ status }),
}));
