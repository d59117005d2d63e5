import { describe, expect, it } from 'vitest';
import { auditLogQuerySchema, auditRecordOf, auditSummary, streamCategory } from './log';

describe('audit log records', () => {
  it("names a stream's category without its trailing numbers", () => {
    expect(['entry-12', 'user-target-7-2026', 'user-target-assignments-2026', 'email-a@x.com'].map(streamCategory)).toEqual([
      'entry',
      'user-target',
      'user-target-assignments',
      'email-a@x.com',
    ]);
  });

  it("names a stream named by a uuid (a connected system's) without the uuid, whatever its digits", () => {
    const streams = ['3f2a8c1e-9b7d-4e21-a0c4-5d6e7f809a1b', '12345678-1234-4123-8123-123456789012'].map(
      (id) => `xapi-client-${id}`,
    );
    expect(streams.map(streamCategory)).toEqual(['xapi-client', 'xapi-client']);
    expect(auditRecordOf(streams[0]!, {})).toEqual({ kind: 'xapi-clients', recordId: '3f2a8c1e-9b7d-4e21-a0c4-5d6e7f809a1b' });
    expect(
      auditSummary({ type: 'XapiClientCreated', data: { clientId: 'x', name: 'Moodle', key: 'k1', trainingType: 'external' } }),
    ).toBe('xapi client created: name Moodle, key k1, training type external');
  });

  it("addresses each event's record history; a bulk assignment by the person it names; reservations none", () => {
    expect(auditRecordOf('entry-12', {})).toEqual({ kind: 'entries', recordId: '12' });
    expect(auditRecordOf('user-target-7-2026', {})).toEqual({ kind: 'user-targets', recordId: '7-2026' });
    expect(auditRecordOf('user-target-assignments-2026', { userId: 9 })).toEqual({ kind: 'user-targets', recordId: '9-2026' });
    expect(auditRecordOf('yearly-target-2026', {})).toEqual({ kind: 'fiscal-years', recordId: '2026' });
    expect(auditRecordOf('form-field-3', {})).toEqual({ kind: 'form-fields', recordId: '3' });
    expect(auditRecordOf('department-name-sales', {})).toBeNull();
    expect(auditRecordOf('form-field-name-venue-2', {})).toBeNull();
  });

  it('sums an event up from its own data, secrets and ids left out', () => {
    expect(auditSummary({ type: 'UserUpdated', data: { userId: 4, changes: { role: 'manager' } } })).toBe(
      'user updated: role manager',
    );
    expect(auditSummary({ type: 'PasswordChanged', data: { userId: 4, passwordHash: 'secret-hash' } })).toBe('password changed');
    expect(
      auditSummary({
        type: 'EntryLogged',
        data: { entryId: 1, userId: 3, trainingName: 'Safety', hours: '2', notes: '', date: 'x' },
      }),
    ).toBe('entry logged: training name Safety, hours 2, notes (empty), and 1 more');
  });
});

describe('audit log query', () => {
  it('reads days as whole UTC days and times as given; pages 50 by default', () => {
    expect(auditLogQuerySchema.parse({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-02T00:00:00.000Z',
      page: 1,
      pageSize: 50,
    });
    expect(auditLogQuerySchema.parse({ from: '2026-03-01T10:00:00+01:00', kind: '', actorId: 'system' })).toMatchObject({
      from: '2026-03-01T09:00:00.000Z',
      kind: undefined,
      actorId: 'system',
    });
  });
});
