import { alarmsDecider, userStreamId, type AlarmsCommand, type AlarmsState } from '@hyperhook/domain';
import { createStreamFoldCache } from '@hyperhook/eventsourcing';
import type { EventStore } from '@hyperhook/store';
import { handleUserCommand } from '../commands/handleUserCommand.js';

/** The events on `user-<uid>` that change what a position or margin reading is weighed against. */
export const ALARM_CHANGES = ['NotificationPreferencesUpdated', 'RiskAlarmRaised', 'RiskAlarmCleared'] as const;

/** Most users whose alarms are kept in memory; the least recently weighed is read again when its turn comes. */
const KNOWN_USERS = 10_000;

/** Weighs readings against each user's position alarms (alarmsDecider), reading their stream only when one crosses. */
export interface AlarmsWeigher {
  /** The alarms on `user-<uid>` changed (an ALARM_CHANGES event, here or in another process): read them again next time. */
  forget(userStream: string): void;
  /** Weighs one reading; resolves whether a crossing was recorded. */
  weigh(uid: string, command: AlarmsCommand): Promise<boolean>;
}

/**
 * Most readings cross nothing, so each user's alarms are kept as last read until the log says they
 * changed, and a reading is weighed on them without a read of the user's stream. Only a crossing is
 * decided again on the stream, by the command handler: appended with the stream's version as the
 * expected version, so two instances (or two followers) weighing the same crossing record it once;
 * the later one finds it raised on the fresh stream, or its append conflicts and is decided again.
 */
export function createAlarmsWeigher(eventStore: EventStore): AlarmsWeigher {
  const states = createStreamFoldCache(eventStore, alarmsDecider);
  const known = new Map<string, AlarmsState>();
  return {
    forget(userStream) {
      known.delete(userStream);
    },
    async weigh(uid, command) {
      const streamId = userStreamId(uid);
      const state = known.get(streamId) ?? (await states.get(streamId));
      known.delete(streamId);
      known.set(streamId, state);
      if (known.size > KNOWN_USERS) known.delete(known.keys().next().value as string);
      if (alarmsDecider.decide(command, state).length === 0) return false;
      const outcome = await handleUserCommand(eventStore, uid, alarmsDecider, command);
      known.delete(streamId);
      return outcome.events.length > 0;
    },
  };
}
