/**
 * Commands as pure decisions (the decider model of the Emmett samples). A feature describes its
 * stream with a `Decider`:
 *
 *   - `initialState()`: the state of a stream that has no events yet;
 *   - `evolve(state, event)`: pure, the state after one stored event;
 *   - `decide(command, state)`: pure, the events the command causes (an empty list: nothing
 *     changes), or it throws a `DomainError` saying why the command is refused.
 *
 * This kernel imports nothing: no HTTP, no event store, no database. A decider and its
 * given/when/then spec (`decider-spec.ts`) use only it and `@tht/contracts`; `handle-command.ts`
 * runs a decider against the event store, and the HTTP edge (`http.ts`) picks a refusal's status
 * from its reason.
 */

/** An event as a command produces it; metadata is added when it is appended. */
export interface CommandEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  /** Version of this event type's data shape; 1 unless the type has been revised. */
  schemaVersion?: number;
}

/** An event as `evolve` sees it: a stored event, or in a test a given event with its time. */
export type StoredEvent<Event extends CommandEvent> = Event & { metadata: { occurredAt: string } };

export interface Decider<State, Command, Event extends CommandEvent> {
  initialState: () => State;
  evolve: (state: State, event: StoredEvent<Event>) => State;
  decide: (command: Command, state: State) => readonly Event[];
}

/** The new events evolved onto `state` as if stored at `occurredAt`. */
export function evolveAll<State, Event extends CommandEvent>(
  decider: Pick<Decider<State, never, Event>, 'evolve'>,
  state: State,
  events: readonly Event[],
  occurredAt: string,
): State {
  return events.reduce((current, event) => decider.evolve(current, { ...event, metadata: { occurredAt } }), state);
}

/** Which unique name a change takes and which it gives up (a feature's decider tells it from its events). */
export interface NameClaim {
  take?: string;
  giveUp?: string;
}

/**
 * Why a command is refused, in kind: the input breaks a rule, the credentials do not prove who
 * the actor is (a sign-in's password or second factor), the actor may not do it, the record is not
 * there, or it clashes with what is there.
 */
export type DomainErrorReason = 'invalid' | 'unauthenticated' | 'forbidden' | 'not-found' | 'conflict';

/** A refused command: its reason, and the message the user reads (from `@tht/contracts`). */
export class DomainError extends Error {
  constructor(
    readonly reason: DomainErrorReason,
    message: string,
    /** Machine-readable facts the refusal carries beside its message (e.g. `mfaRequired: true`). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
