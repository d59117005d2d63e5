import { ConcurrencyError } from '@tht/eventstore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app';
import { systemActor } from './commands';
import { DomainError, type CommandEvent, type Decider } from './decider';
import { deciderSpec } from './decider-spec';
import { handleCommand, type CommandRequest } from './handle-command';
import { HttpError } from './http';

type TallyEvent = CommandEvent<'TallyOpened', { name: string }> | CommandEvent<'TallyCounted', { count: number }>;
type TallyCommand = { type: 'Open'; name: string } | { type: 'Count'; to: number };
type TallyState = { opened: false } | { opened: true; name: string; count: number; openedAt: string };

/** A tally: opened once, then counted to any number that is not negative. */
const tally: Decider<TallyState, TallyCommand, TallyEvent> = {
  initialState: () => ({ opened: false }),
  evolve: (state, event) => {
    if (event.type === 'TallyOpened') return { opened: true, name: event.data.name, count: 0, openedAt: event.metadata.occurredAt };
    return state.opened ? { ...state, count: event.data.count } : state;
  },
  decide: (command, state) => {
    if (command.type === 'Open') {
      if (state.opened) throw new DomainError('conflict', 'Tally exists');
      return [{ type: 'TallyOpened', data: { name: command.name } }];
    }
    if (!state.opened) throw new DomainError('not-found', 'No such tally');
    if (command.to < 0) throw new DomainError('invalid', 'Counts are not negative');
    return command.to === state.count ? [] : [{ type: 'TallyCounted', data: { count: command.to } }];
  },
};

describe('deciderSpec', () => {
  const spec = deciderSpec(tally);

  it('folds the given events, then compares the decided events', () => {
    spec
      .given({ type: 'TallyOpened', data: { name: 'a' } })
      .when({ type: 'Count', to: 2 })
      .then({ type: 'TallyCounted', data: { count: 2 } });
    spec
      .given({ type: 'TallyOpened', data: { name: 'a' } })
      .when({ type: 'Count', to: 0 })
      .thenNothingHappens();
    spec.given().when({ type: 'Count', to: 1 }).thenRefuses('not-found', 'No such tally');
  });

  it('fails when the decision differs from the expectation', () => {
    const opened = { type: 'TallyOpened', data: { name: 'a' } } as const;
    expect(() =>
      spec
        .given(opened)
        .when({ type: 'Count', to: 2 })
        .then({ type: 'TallyCounted', data: { count: 3 } }),
    ).toThrow();
    expect(() => spec.given(opened).when({ type: 'Count', to: 2 }).thenNothingHappens()).toThrow();
    expect(() => spec.given(opened).when({ type: 'Count', to: 2 }).thenRefuses('invalid', 'Counts are not negative')).toThrow();
    expect(() => spec.given(opened).when({ type: 'Count', to: -1 }).thenRefuses('invalid', 'Another text')).toThrow();
    expect(() => spec.given(opened).when({ type: 'Count', to: -1 }).thenRefuses('conflict', 'Counts are not negative')).toThrow();
  });

  it('gives a given event its own time when it carries one', () => {
    const openedAt = '2024-02-03T04:05:06.000Z';
    const state = [{ type: 'TallyOpened' as const, data: { name: 'a' }, metadata: { occurredAt: openedAt } }].reduce(
      tally.evolve,
      tally.initialState(),
    );
    expect(state).toEqual({ opened: true, name: 'a', count: 0, openedAt });
  });
});

describe('handleCommand', () => {
  let app: TestApp;
  let streams = 0;
  const newStream = () => `tally-test-${++streams}`;
  const typesIn = async (stream: string) => (await app.ctx.store.readStream(stream)).map((event) => [event.type, event.data]);
  const run = (stream: string, command: TallyCommand, more: Partial<CommandRequest<TallyState, TallyCommand, TallyEvent>> = {}) =>
    handleCommand(app.ctx, tally, { stream, command, actor: systemActor(), ...more });

  beforeAll(async () => {
    app = await startTestApp();
  });

  afterAll(() => app?.close());

  it('appends the decided events to a new stream and answers with the state after them', async () => {
    const stream = newStream();
    const result = await run(stream, { type: 'Open', name: 'first' });
    expect(result.events).toEqual([{ type: 'TallyOpened', data: { name: 'first' } }]);
    expect(result.state).toMatchObject({ opened: true, name: 'first', count: 0 });
    expect(result.appended?.nextExpectedVersion).toBe(0);
    expect(await typesIn(stream)).toEqual([['TallyOpened', { name: 'first' }]]);
  });

  it('appends at the loaded version and appends nothing when the decision changes nothing', async () => {
    const stream = newStream();
    await run(stream, { type: 'Open', name: 'x' });
    expect((await run(stream, { type: 'Count', to: 4 })).appended?.nextExpectedVersion).toBe(1);
    const unchanged = await run(stream, { type: 'Count', to: 4 });
    expect(unchanged).toMatchObject({ events: [], appended: null, state: { count: 4 } });
    expect(await typesIn(stream)).toEqual([
      ['TallyOpened', { name: 'x' }],
      ['TallyCounted', { count: 4 }],
    ]);
  });

  it('authorises on the loaded state before deciding, and a refusal appends nothing', async () => {
    const stream = newStream();
    await run(stream, { type: 'Open', name: 'guarded' });
    const seen: unknown[] = [];
    const refuse = (state: unknown) => {
      seen.push(state);
      throw new HttpError(403, 'Not yours');
    };
    await expect(run(stream, { type: 'Count', to: -1 }, { authorise: refuse })).rejects.toMatchObject({
      status: 403,
      message: 'Not yours',
    });
    expect(seen).toMatchObject([{ opened: true, name: 'guarded' }]);
    await expect(run(stream, { type: 'Count', to: -1 })).rejects.toMatchObject({
      reason: 'invalid',
      message: 'Counts are not negative',
    });
    expect(await typesIn(stream)).toEqual([['TallyOpened', { name: 'guarded' }]]);
  });

  it('runs the append inside aroundAppend, and not at all when nothing changes', async () => {
    const stream = newStream();
    const calls: unknown[] = [];
    const aroundAppend: CommandRequest<TallyState, TallyCommand, TallyEvent>['aroundAppend'] = (events, _state, append) => {
      calls.push(events);
      return append();
    };
    await run(stream, { type: 'Open', name: 'wrapped' }, { aroundAppend });
    await run(stream, { type: 'Count', to: 0 }, { aroundAppend });
    expect(calls).toEqual([[{ type: 'TallyOpened', data: { name: 'wrapped' } }]]);
  });

  it('starts a stream known to be new without reading it, and still refuses it when it exists', async () => {
    const stream = newStream();
    const reads = vi.spyOn(app.ctx.store, 'readStream');
    try {
      const opened = await run(stream, { type: 'Open', name: 'fresh' }, { newStream: true });
      expect(opened).toMatchObject({ state: { opened: true, name: 'fresh' }, appended: { nextExpectedVersion: 0 } });
      expect(reads).not.toHaveBeenCalled();
      // It did exist after all: the append with no_stream fails, and the fresh state gives the reason.
      await expect(run(stream, { type: 'Open', name: 'again' }, { newStream: true })).rejects.toMatchObject({
        reason: 'conflict',
        message: 'Tally exists',
      });
    } finally {
      reads.mockRestore();
    }
    expect(await typesIn(stream)).toEqual([['TallyOpened', { name: 'fresh' }]]);
  });

  it("answers a lost race with the winner's reason, else with the concurrency conflict", async () => {
    const stream = newStream();
    /** Lets `winner` through first, between the loser's load and its append. */
    const racing =
      (winner: TallyCommand): CommandRequest<TallyState, TallyCommand, TallyEvent>['aroundAppend'] =>
      async (_events, _state, append) => {
        await run(stream, winner);
        return append();
      };
    const openRace = run(stream, { type: 'Open', name: 'loser' }, { aroundAppend: racing({ type: 'Open', name: 'winner' }) });
    await expect(openRace).rejects.toMatchObject({ reason: 'conflict', message: 'Tally exists' });

    const countRace = run(stream, { type: 'Count', to: 1 }, { aroundAppend: racing({ type: 'Count', to: 2 }) });
    await expect(countRace).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await typesIn(stream)).toEqual([
      ['TallyOpened', { name: 'winner' }],
      ['TallyCounted', { count: 2 }],
    ]);
  });
});
