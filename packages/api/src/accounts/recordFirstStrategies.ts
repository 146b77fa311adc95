import { FIRST_STRATEGY_ID, parseStreamId, strategiesDecider } from '@hyperhook/domain';
import type { EventStore, GlobalPosition } from '@hyperhook/store';
import { handleUserCommand } from '../commands/handleUserCommand.js';

const PAGE_SIZE = 1000;

/**
 * The accounts made before strategies existed: every user stream with a UserSignedUp and no
 * StrategyCreated of the first strategy, up to the log's head when the sweep started.
 */
export async function accountsWithoutFirstStrategy(eventStore: Pick<EventStore, 'readAll' | 'headPosition'>): Promise<string[]> {
  const head = await eventStore.headPosition();
  const signedUp = new Set<string>();
  const recorded = new Set<string>();
  let position: GlobalPosition = 0;
  while (position < head) {
    const page = await eventStore.readAll({
      fromPosition: position,
      maxCount: PAGE_SIZE,
      filter: { streamPrefix: 'user-', types: ['UserSignedUp', 'StrategyCreated'] },
    });
    for (const event of page) {
      const uid = parseStreamId(event.streamId)?.id;
      if (uid === undefined) continue;
      if (event.type === 'UserSignedUp') signedUp.add(uid);
      else if ((event.data as { strategyId?: unknown }).strategyId === FIRST_STRATEGY_ID) recorded.add(uid);
    }
    const last = page.at(-1)?.globalPosition;
    position = page.length < PAGE_SIZE || last === undefined ? head : last;
  }
  return [...signedUp].filter((uid) => !recorded.has(uid));
}

/**
 * The migration of issue 29, by events: each account older than strategies gets its first
 * strategy's StrategyCreated (`migrated: true`), its settings, webhook URL and logs being that
 * strategy's unchanged. Safe to run on every api at once and again at every start: the decider
 * records it once per account, and a version conflict is decided again.
 */
export async function recordFirstStrategies(eventStore: EventStore, clock: () => Date): Promise<number> {
  let migrated = 0;
  for (const uid of await accountsWithoutFirstStrategy(eventStore)) {
    const outcome = await handleUserCommand(eventStore, uid, strategiesDecider, { type: 'RecordFirstStrategy', at: clock().toISOString() });
    if (outcome.events.length > 0) migrated += 1;
  }
  return migrated;
}
