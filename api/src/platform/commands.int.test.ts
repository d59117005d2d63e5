import { ConcurrencyError } from '@tht/eventstore';
import { allProjectors, READ_MODEL_SCHEMA } from 'projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app';
import { appendAndWait, systemActor } from './commands';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(() => app?.close());

describe('appendAndWait', () => {
  it("stores the events with the actor, correlation id, the context's time and schema version", async () => {
    const clock = app.ctx.now;
    app.ctx.now = () => new Date('2031-05-06T07:08:09.010Z');
    await appendAndWait(
      app.ctx,
      'platform-test-1',
      [
        { type: 'ThingHappened', data: { n: 1 } },
        { type: 'ThingRevised', data: { n: 2 }, schemaVersion: 2 },
      ],
      'no_stream',
      { userId: 42, correlationId: 'corr-1' },
    );
    app.ctx.now = clock;

    const events = await app.ctx.store.readStream('platform-test-1');
    expect(events.map((e) => [e.type, e.data, e.metadata.actorId, e.metadata.correlationId, e.metadata.schemaVersion])).toEqual([
      ['ThingHappened', { n: 1 }, '42', 'corr-1', 1],
      ['ThingRevised', { n: 2 }, '42', 'corr-1', 2],
    ]);
    expect(events.map((e) => e.metadata.occurredAt)).toEqual(['2031-05-06T07:08:09.010Z', '2031-05-06T07:08:09.010Z']);
  });

  it('returns only once the read models include the events', async () => {
    const result = await appendAndWait(
      app.ctx,
      'platform-test-2',
      [{ type: 'ThingHappened', data: {} }],
      'no_stream',
      systemActor(),
    );
    const { rows } = await app.ctx.pool.query<{ name: string; position: string }>(
      `SELECT name, position FROM ${READ_MODEL_SCHEMA}.projection_checkpoints`,
    );
    expect(rows.map((row) => row.name).sort()).toEqual(allProjectors.map((projector) => projector.name).sort());
    for (const row of rows) expect(row.position >= result.lastGlobalPosition, row.name).toBe(true);
  });

  it('refuses an append against a stale version and stores nothing', async () => {
    await appendAndWait(app.ctx, 'platform-test-3', [{ type: 'ThingHappened', data: {} }], 'no_stream', systemActor());
    await expect(
      appendAndWait(app.ctx, 'platform-test-3', [{ type: 'ThingRevised', data: {} }], 'no_stream', systemActor()),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect((await app.ctx.store.readStream('platform-test-3')).map((e) => e.type)).toEqual(['ThingHappened']);
  });
});
