import type { DeliveryQueue, Handover } from '../deliveryQueue.js';
import type { Notice, OpenChannel } from '../sendToChannel.js';

/** A delivery queue that records what it was handed, each delivered at once. */
export function recordingQueue() {
  const handed: { uid: string; channel: OpenChannel; notice: Notice }[] = [];
  const enqueue = (uid: string, channel: OpenChannel, notice: Notice, handover?: Handover) => {
    handed.push({ uid, channel, notice });
    handover?.onSettled?.();
    return 'd';
  };
  return { queue: { enqueue } as unknown as DeliveryQueue, handed };
}
