import {
  signalDecider,
  signalStreamId,
  userStreamId,
  type AlertGuards,
  type DomainEvent,
  type SignalCommand,
  type SignalEvent,
  type SignalHeldForApproval,
} from '@hyperhook/domain';
import { handleCommand, toNewEvent } from '@hyperhook/eventsourcing';
import type { EventStore } from '@hyperhook/store';
import type { ExecutorFixture } from './executorFixture.js';

/** Sets a strategy's guards, as `PUT /api/strategies/:id/filters` records them. */
export async function setStrategyGuards(fx: ExecutorFixture, uid: string, strategyId: string, guards: AlertGuards): Promise<void> {
  const set: DomainEvent = { type: 'StrategyGuardsSet', v: 1, data: { strategyId, guards, at: new Date().toISOString() } };
  await fx.store.eventStore.append(userStreamId(uid), [toNewEvent(set)]);
}

/**
 * The trader's answer to a held entry, as the api records it: the signal decider on the stream as
 * read, appended with its version expected and the owner in the metadata (`owner: false`: without,
 * as an event written before owners were put there, which readers route by its SignalReceived).
 */
export async function answerApproval(
  eventStore: EventStore,
  uid: string,
  signalId: string,
  command: Extract<SignalCommand, { type: 'ApproveSignal' | 'RejectSignal' }>,
  options: { readonly owner?: boolean } = {},
): Promise<void> {
  await handleCommand(eventStore, signalStreamId(signalId), signalDecider, command, options.owner === false ? {} : { metadata: { userId: uid } });
}

/** The signal's SignalHeldForApproval once the executor recorded it (polls up to `timeoutMs`); throws if the signal ended instead. */
export async function untilHeld(fx: ExecutorFixture, signalId: string, timeoutMs = 15_000): Promise<SignalHeldForApproval> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const events = (await fx.events(signalStreamId(signalId))) as SignalEvent[];
    const held = events.find((event): event is SignalHeldForApproval => event.type === 'SignalHeldForApproval');
    if (held !== undefined) return held;
    const ended = events.find((event) => event.type === 'SignalExecuted' || event.type === 'SignalRejected' || event.type === 'SignalFailed');
    if (ended !== undefined) throw new Error(`signal ${signalId} was not held: ${ended.type} ${JSON.stringify(ended.data)}`);
    if (Date.now() > until) throw new Error(`signal ${signalId} was not held: ${events.map((e) => e.type).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
