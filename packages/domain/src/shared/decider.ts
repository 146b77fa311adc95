/**
 * The Decider pattern (as in Emmett): all business rules of one stream in three pure parts.
 * - `initialState()` is the state of an empty stream;
 * - `evolve(state, event)` folds one recorded event into the state (never refuses: events are facts);
 * - `decide(command, state)` returns the new events, or throws a `DomainError` when a rule refuses.
 * An empty array means "nothing to record" (an idempotent repeat).
 * Several deciders may share one stream (the `user-<uid>` stream): each evolve ignores events it does not need.
 */
export interface Decider<Command, Event, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState(): State;
}

/** Folds a stream's events into a decider's state, from its initial state. */
export function foldState<Command, Event, State>(decider: Decider<Command, Event, State>, events: readonly Event[]): State {
  return events.reduce((state, event) => decider.evolve(state, event), decider.initialState());
}
