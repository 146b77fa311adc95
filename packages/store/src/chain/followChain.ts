import type { ChainFollowing, ChainLinks } from '../ports/ChainLinks.js';
import type { EventStore } from '../ports/EventStore.js';
import type { GlobalPosition } from '../ports/events.js';
import type { ChainHead } from './chainWalk.js';
import { chainHash, GENESIS_HASH } from './eventChainHash.js';

/** Another follower extended the chain first: resume from the chain's new last link. */
class ChainMoved extends Error {}

/** How long the follower waits after a failed read or write before it resumes. */
const RETRY_MS = 1_000;

/**
 * Follows the log in global order and links every event to the one before it, for a backend whose
 * appends we do not serialise (KurrentDB + MongoDB; docs/design/event-hash-chain.md). It starts
 * after the chain's last link, so a log written before the chain existed is chained from its
 * first event. Two followers cannot fork it: `links.append` refuses a batch that does not extend
 * the last link, and the follower that lost resumes from there. Runs under the projector's lease.
 */
export function followChain(options: { readonly eventStore: EventStore; readonly links: ChainLinks; readonly onError?: (error: unknown) => void; readonly retryMs?: number }): ChainFollowing {
  const { eventStore, links } = options;
  let stopped = false;
  let current: { stop(): Promise<void> } | undefined;
  let wake: (() => void) | undefined;
  let resolveCaughtUp: (position: GlobalPosition) => void = () => undefined;
  const caughtUp = new Promise<GlobalPosition>((resolve) => {
    resolveCaughtUp = resolve;
  });

  const followOnce = async (): Promise<void> => {
    let head: ChainHead | null = await links.last();
    const subscription = eventStore.subscribeToAll({
      fromPosition: head?.position ?? 0,
      onBatch: async ({ events }) => {
        if (events.length === 0) return;
        let previous = head?.hash ?? GENESIS_HASH;
        const next = events.map((event) => {
          previous = chainHash(previous, event);
          return { position: event.globalPosition, hash: previous };
        });
        if (!(await links.append(head, next))) throw new ChainMoved('another follower extended the chain');
        head = next.at(-1) ?? head;
      },
      onCaughtUp: (position) => resolveCaughtUp(position),
    });
    current = subscription;
    if (stopped) await subscription.stop();
    await subscription.done;
  };

  const running = (async () => {
    while (!stopped) {
      try {
        await followOnce();
      } catch (error) {
        if (stopped) break;
        if (!(error instanceof ChainMoved)) {
          options.onError?.(error);
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, options.retryMs ?? RETRY_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      }
    }
  })();

  return {
    caughtUp,
    async stop() {
      stopped = true;
      wake?.();
      await current?.stop();
      await running;
    },
  };
}
