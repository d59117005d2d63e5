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
  it('stores the events with the actor, correlation id, time and schema version', async () => {
    const before = Date.now();
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

    const events = await app.ctx.store.readStream('platform-test-1');
    expect(events.map((e) => [e.type, e.data, e.metadata.actorId, e.metadata.correlationId, e.metadata.schemaVersion])).toEqual([
      ['ThingHappened', { n: 1 }, '42', 'corr-1', 1],
      ['ThingRevised', { n: 2 }, '42', 'corr-1', 2],
    ]);
    const occurredAt = Date.parse(events[0]!.metadata.occurredAt);
    expect(occurredAt).toBeGreaterThanOrEqual(before - 1000);
    expect(occurredAt).toBeLessThanOrEqual(Date.now() + 1000);
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
