import { readLiveSnapshot, type LiveSnapshot } from '@hyperhook/domain';
import type { ReadStore } from '@hyperhook/store';

export type { LiveSnapshot };

/**
 * Reads the user's current dashboard state (the `resync` message): every live read model's part
 * as its `/api` read answers it (see LIVE_READ_MODELS: the latest 200 logs newest first,
 * positions, balance, settings, key summary and referral).
 */
export function liveSnapshot(readStore: ReadStore, uid: string): Promise<LiveSnapshot> {
  return readLiveSnapshot(readStore, uid);
}
