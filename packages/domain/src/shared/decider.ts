/**
 * The Decider pattern (as in Emmett): all business rules of one stream in three pure parts.
 * - `initialState()` is the state of an empty stream;
 * - `evolve(state, event)` folds one recorded event into the state (never refuses: events are facts);
 * - `decide(command, state)` returns the new events, or throws a `DomainError` when a rule refuses.
 * An empty array means "nothing to record" (an idempotent repeat).
 *
 * Several deciders share the `user-<uid>` stream. Each names the event types it owns in
 * `eventTypes` (those it records and those it folds), and folding hands it only those: a new
 * event on a shared stream touches the one decider that needs it.
 */
export interface Decider<Command, Event extends { readonly type: string }, State> {
  readonly eventTypes: readonly Event['type'][];
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

/** The folding half of a decider: enough to read a stream's state without deciding on it. */
export type Fold<Event extends { readonly type: string }, State> = Pick<Decider<unknown, Event, State>, 'eventTypes' | 'evolve' | 'initialState'>;

const ownedTypes = new WeakMap<readonly string[], ReadonlySet<string>>();

/** True when `event` is one of the decider's own events. */
export function ownsEvent<Event extends { readonly type: string }>(
  decider: Pick<Decider<unknown, Event, unknown>, 'eventTypes'>,
  event: { readonly type: string },
): event is Event {
  let types = ownedTypes.get(decider.eventTypes);
  if (types === undefined) {
    types = new Set(decider.eventTypes);
    ownedTypes.set(decider.eventTypes, types);
  }
  return types.has(event.type);
}

/** Folds a stream's events into a decider's state, from `state` (the initial state by default); events the decider does not own pass it by. */
export function foldState<Event extends { readonly type: string }, State>(
  decider: Fold<Event, State>,
  events: readonly { readonly type: string }[],
  state: State = decider.initialState(),
): State {
  let folded = state;
  for (const event of events) if (ownsEvent(decider, event)) folded = decider.evolve(folded, event);
  return folded;
}
