import { chainHash, GENESIS_HASH, type ChainHead, type ChainLinks, type EventStore, type GlobalPosition } from '@hyperhook/store';
import { followLog } from './followLog.js';
import { ResumeFromCheckpoint } from './resumeFromCheckpoint.js';

/** How long the follower waits after a failed read or write before it resumes. */
const RETRY_MS = 1_000;

/** A running chain follower. */
export interface ChainFollowing {
  /** Resolves the first time every event up to the head has a link. */
  readonly caughtUp: Promise<GlobalPosition>;
  /** Stops following; resolves once the batch in progress is linked. */
  stop(): Promise<void>;
}

/**
 * Follows the log in global order and links every event to the one before it, for a backend whose
 * appends we do not serialise (KurrentDB + MongoDB, whose StorePorts hold `chainLinks`;
 * docs/design/event-hash-chain.md). Its checkpoint is the chain's last link, written with each
 * batch's links, so a log written before the chain existed is chained from its first event. Two
 * followers cannot fork it: `links.append` refuses a batch that does not extend the last link, and
 * the follower that lost resumes from there at once. A failed read or write is reported to
 * `onError` and resumed from the last link after `retryMs`. Runs under the projector's lease.
 */
export function followChain(options: {
  readonly eventStore: EventStore;
  readonly links: ChainLinks;
  readonly onError?: (error: unknown) => void;
  readonly retryMs?: number;
}): ChainFollowing {
  const { eventStore, links } = options;
  let head: ChainHead | null = null;
  const follower = followLog({
    eventStore,
    checkpoint: {
      async load() {
        head = await links.last();
        return head?.position;
      },
    },
    retry: { delayMs: options.retryMs ?? RETRY_MS },
    onError: (error) => options.onError?.(error),
    async handle({ events }) {
      if (events.length === 0) return;
      let previous = head?.hash ?? GENESIS_HASH;
      const next = events.map((event) => {
        previous = chainHash(previous, event);
        return { position: event.globalPosition, hash: previous };
      });
      if (!(await links.append(head, next))) throw new ResumeFromCheckpoint('another follower extended the chain');
      head = next.at(-1) ?? head;
    },
  });
  return { caughtUp: follower.caughtUp, stop: () => follower.stop() };
}
