import { expect } from 'vitest';
import { DomainEventSchema, type DomainEvent } from '../eventModel/domainEvent.js';
import { foldState, type Decider } from '../shared/decider.js';
import { isDomainError, type DomainErrorCode, type FieldError } from '../shared/domainError.js';

/** What a refused command must look like; omitted parts are not checked. */
export interface ExpectedDomainError {
  readonly code: DomainErrorCode;
  readonly title?: string;
  readonly message?: string;
  readonly fieldErrors?: readonly FieldError[];
}

/** The last step of a spec: the events the command must produce, or the error it must raise. */
export interface Then {
  /** Asserts the events produced (`[]` = nothing recorded), or the domain error raised. */
  then(expected: readonly DomainEvent[] | ExpectedDomainError): void;
  /** Same as `then([])`, read as "records nothing" (an idempotent repeat). */
  thenNothing(): void;
}

function run<Command, Event extends { readonly type: string }, State>(
  decider: Decider<Command, Event, State>,
  given: readonly DomainEvent[],
  command: Command,
) {
  const state = foldState(decider, given);
  try {
    return { events: decider.decide(command, state) };
  } catch (error) {
    return { error };
  }
}

/**
 * Given / when / then for deciders (as Emmett's DeciderSpecification):
 * `spec.given(pastEvents).when(command).then(expectedEvents | expectedError)`.
 * Every event a decider produces is also checked against DomainEventSchema, so a decider cannot
 * record an event a reader would refuse.
 */
export function deciderSpec<Command, Event extends { readonly type: string }, State>(decider: Decider<Command, Event, State>) {
  return {
    /** The stream's past events: all of them, as a shared stream holds them; the decider folds its own. */
    given(events: readonly DomainEvent[]) {
      return {
        when(command: Command): Then {
          const check = (expected: readonly DomainEvent[] | ExpectedDomainError) => {
            const outcome = run(decider, events, command);
            if (Array.isArray(expected)) {
              if ('error' in outcome) throw outcome.error;
              expect(outcome.events).toEqual(expected);
              for (const event of outcome.events) {
                const parsed = DomainEventSchema.safeParse(event);
                expect(parsed.success, `produced an invalid event: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
              }
              return;
            }
            const wanted = expected as ExpectedDomainError;
            expect('error' in outcome, `expected ${wanted.code} but the command produced ${JSON.stringify(outcome.events)}`).toBe(true);
            if (!('error' in outcome)) return;
            if (!isDomainError(outcome.error)) throw outcome.error;
            const actual = outcome.error;
            expect({
              code: actual.code,
              ...(wanted.title !== undefined ? { title: actual.title } : {}),
              ...(wanted.message !== undefined ? { message: actual.message } : {}),
              ...(wanted.fieldErrors !== undefined ? { fieldErrors: actual.fieldErrors } : {}),
            }).toEqual(wanted);
          };
          return { then: check, thenNothing: () => check([]) };
        },
      };
    },
  };
}
