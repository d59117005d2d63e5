import { expect } from 'vitest';
import { DomainError, evolveAll, type CommandEvent, type Decider, type DomainErrorReason, type StoredEvent } from './decider';

/** When the given events happened, unless a given event says otherwise. */
export const GIVEN_TIME = '2025-01-15T09:00:00.000Z';

function stateAfter<State, Command, Event extends CommandEvent>(
  decider: Decider<State, Command, Event>,
  events: readonly (Event | StoredEvent<Event>)[],
): State {
  return events.reduce(
    (state, event) => ('metadata' in event ? decider.evolve(state, event) : evolveAll(decider, state, [event], GIVEN_TIME)),
    decider.initialState(),
  );
}

function refusalOf(decide: () => unknown): unknown {
  try {
    return { decided: decide() };
  } catch (error) {
    return error;
  }
}

/**
 * Given/when/then for a decider, with no database:
 * `spec.given(logged).when(edit).then(edited)`, `.thenNothingHappens()`, `.thenRefuses('not-found', M.entryNotFound)`.
 * `given()` with no events starts from the decider's initial state.
 */
export function deciderSpec<State, Command, Event extends CommandEvent>(decider: Decider<State, Command, Event>) {
  return {
    given: (...events: (Event | StoredEvent<Event>)[]) => ({
      when: (command: Command) => {
        const decide = () => decider.decide(command, stateAfter(decider, events));
        return {
          then: (...expected: Event[]) => expect(decide()).toEqual(expected),
          thenNothingHappens: () => expect(decide()).toEqual([]),
          thenRefuses: (reason: DomainErrorReason, message: string) => {
            const refusal = refusalOf(decide);
            expect(refusal, 'a refusal').toBeInstanceOf(DomainError);
            const { reason: actualReason, message: actualMessage } = refusal as DomainError;
            expect({ reason: actualReason, message: actualMessage }).toEqual({ reason, message });
          },
        };
      },
    }),
  };
}
