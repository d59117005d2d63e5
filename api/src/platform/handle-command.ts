/**
 * `handleCommand(ctx, decider, { stream, command, actor, authorise?, aroundAppend? })` is the one
 * thin handler every feature's command goes through, running a pure `Decider` (`decider.ts`)
 * against the event store:
 *
 *   1. load: folds the stream's events with `evolve` (all of them, or those the request's `read`
 *      gives; not for a stream known to be new: `newStream`);
 *   2. authorise (optional): throws when the actor may not touch this state;
 *   3. decide;
 *   4. appends the events with `appendAndWait` at the loaded stream version (`no_stream` for a new
 *      stream), so a concurrent change of the same stream is refused, and waits for the read models;
 *      they occur at the context's `now()`;
 *   5. returns the events, the state after them and the append result (null when nothing changed).
 *
 * Everything a decision needs beyond the stream (another read model, the owner's existence, a
 * name's availability) is read by the feature's handler before and put into the command, so
 * `decide` stays pure and is tested with given/when/then (`decider-spec.ts`) in milliseconds.
 *
 * A `DomainError` passes through as it is; the error handler answers it with its reason's status
 * (`http.ts`). A lost race (a concurrent append made the loaded version stale) decides once more on
 * the fresh stream to give the winner's reason (e.g. "already exists"), else the generic 409
 * conflict; it never appends on the second try.
 */
import { ConcurrencyError, type AppendResult, type RecordedEvent } from '@tht/eventstore';
import { appendAndWait, type Actor } from './commands';
import type { AppContext } from './context';
import { evolveAll, type CommandEvent, type Decider, type StoredEvent } from './decider';

/** What loading a stream needs of a decider. */
export type StreamFold<State, Event extends CommandEvent> = Pick<Decider<State, never, Event>, 'initialState' | 'evolve'>;

export interface CommandRequest<State, Command, Event extends CommandEvent> {
  stream: string;
  command: Command;
  actor: Actor;
  /** How the stream is loaded: all of it unless the feature knows which of its events the decider needs. */
  read?: StreamReader;
  /**
   * The stream cannot exist yet (its id was allocated for this command): it is not read (its state
   * is the initial one) and the events are appended with `no_stream`, which still refuses them if it
   * does exist.
   */
  newStream?: boolean;
  /** Throws (403/404) when the actor may not issue the command on this state; runs before `decide`. */
  authorise?: (state: State) => void | Promise<void>;
  /**
   * The events conflict with no other change of the stream (a record that something was read, as
   * a sign-in's): they are appended whatever its version then, never refused by a concurrent append.
   */
  conflictsWithNothing?: boolean;
  /**
   * Runs the append (only when there are events), e.g. while holding a unique name's reservation;
   * must call `append` at most once and pass on its failure.
   */
  aroundAppend?: (events: readonly Event[], state: State, append: () => Promise<AppendResult>) => Promise<AppendResult>;
}

export interface CommandResult<State, Event> {
  events: readonly Event[];
  /** The state after the new events. */
  state: State;
  /** null when the decision changed nothing. */
  appended: AppendResult | null;
}

interface LoadedStream<State> {
  state: State;
  version: number | 'no_stream';
}

/** The events of a stream a decider folds, and the stream's version (the expected version of the next append). */
export interface StreamEvents {
  events: readonly RecordedEvent[];
  version: number | 'no_stream';
}

/** Reads a stream for a decision. */
export type StreamReader = (ctx: AppContext, stream: string) => Promise<StreamEvents>;

/** The whole stream: the default. */
export const readWholeStream: StreamReader = async (ctx, stream) => {
  const events = await ctx.store.readStream(stream);
  return { events, version: events.at(-1)?.streamVersion ?? 'no_stream' };
};

async function loadStream<State, Event extends CommandEvent>(
  ctx: AppContext,
  decider: StreamFold<State, Event>,
  stream: string,
  read: StreamReader = readWholeStream,
): Promise<LoadedStream<State>> {
  // The store upcasts on read, so a stored event of the stream's types has its current shape.
  const { events, version } = await read(ctx, stream);
  return { state: (events as (RecordedEvent & StoredEvent<Event>)[]).reduce(decider.evolve, decider.initialState()), version };
}

/** The state of `stream` as the decider folds it (for a handler that must look before it commands). */
export async function loadState<State, Event extends CommandEvent>(
  ctx: AppContext,
  decider: StreamFold<State, Event>,
  stream: string,
): Promise<State> {
  return (await loadStream(ctx, decider, stream)).state;
}

/** Throws the domain error the command meets on the stream as it is now (a race's winner changed it), if any. */
async function refuseOnFreshState<State, Command, Event extends CommandEvent>(
  ctx: AppContext,
  decider: Decider<State, Command, Event>,
  { stream, command, read }: CommandRequest<State, Command, Event>,
): Promise<void> {
  const { state } = await loadStream(ctx, decider, stream, read);
  decider.decide(command, state);
}

/** Load, authorise, decide, append and wait: see the file header. */
export async function handleCommand<State, Command, Event extends CommandEvent>(
  ctx: AppContext,
  decider: Decider<State, Command, Event>,
  request: CommandRequest<State, Command, Event>,
): Promise<CommandResult<State, Event>> {
  const { stream, command, actor, authorise, aroundAppend, newStream, conflictsWithNothing, read } = request;
  const { state, version } = newStream
    ? { state: decider.initialState(), version: 'no_stream' as const }
    : await loadStream(ctx, decider, stream, read);
  await authorise?.(state);
  const events = decider.decide(command, state);
  if (events.length === 0) return { events, state, appended: null };
  const occurredAt = ctx.now().toISOString();
  const append = () => appendAndWait(ctx, stream, events, conflictsWithNothing ? 'any' : version, actor, occurredAt);
  try {
    const appended = await (aroundAppend ? aroundAppend(events, state, append) : append());
    return { events, state: evolveAll(decider, state, events, occurredAt), appended };
  } catch (error) {
    if (error instanceof ConcurrencyError && error.streamName === stream) await refuseOnFreshState(ctx, decider, request);
    throw error;
  }
}
