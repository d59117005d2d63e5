import { describe, expect, it } from 'vitest';
import { entryViewJson, isoTimestamp } from './entry-view-json';

describe('entryViewJson', () => {
  it('writes an EntryView from the text columns, escaping texts and typing numbers and flags', () => {
    const row = [
      '12',
      '7',
      'Zoë "Z" Ng',
      'Risk\nManagement',
      '2025-02-28',
      'Zoë',
      'Ng',
      'Ann \\ Lee',
      'Finance',
      '1.25',
      'tab\there',
      '4',
      't',
      'external',
      'Acme',
      '{"room": "B2", "remote": true}',
      '2026-02-28',
      '2025-03-01 09:15:00.5',
      '2025-03-02 10:00:00',
      '2',
      '{"kind": "xapi", "clientId": "c1", "system": "Moodle", "statementId": "s1"}',
    ];
    expect(JSON.parse(entryViewJson(row))).toEqual({
      id: 12,
      userId: 7,
      employeeName: 'Zoë "Z" Ng',
      trainingName: 'Risk\nManagement',
      date: '2025-02-28',
      firstName: 'Zoë',
      lastName: 'Ng',
      managerName: 'Ann \\ Lee',
      department: 'Finance',
      hours: '1.25',
      notes: 'tab\there',
      rating: 4,
      beInnovative: true,
      trainingType: 'external',
      courseGivenBy: 'Acme',
      customFields: { room: 'B2', remote: true },
      validUntil: '2026-02-28',
      createdAt: '2025-03-01T09:15:00.500Z',
      updatedAt: '2025-03-02T10:00:00.000Z',
      evidenceCount: 2,
      source: { kind: 'xapi', clientId: 'c1', system: 'Moodle', statementId: 's1' },
    });
  });

  it('writes false for a flag that is not set, and null for no valid until date and no source (SQL NULL)', () => {
    const row: (string | null)[] = [
      '1',
      '1',
      'A B',
      'T',
      '2025-01-01',
      'A',
      'B',
      '',
      '',
      '0',
      '',
      '0',
      'f',
      'internal',
      '',
      '{}',
      null,
      '2025-01-01 00:00:00',
      '2025-01-01 00:00:00',
    ];
    expect(JSON.parse(entryViewJson(row))).toMatchObject({
      beInnovative: false,
      rating: 0,
      customFields: {},
      validUntil: null,
      source: null,
    });
  });
});

describe('isoTimestamp', () => {
  it('gives what Date.toISOString gives, whatever the fraction digits', () => {
    expect(isoTimestamp('2026-01-05 10:00:00')).toBe('2026-01-05T10:00:00.000Z');
    expect(isoTimestamp('2026-01-05 10:00:00.1')).toBe('2026-01-05T10:00:00.100Z');
    expect(isoTimestamp('2026-01-05 10:00:00.123456')).toBe('2026-01-05T10:00:00.123Z');
    expect(isoTimestamp('2024-02-29 23:59:59.999')).toBe(new Date(Date.UTC(2024, 1, 29, 23, 59, 59, 999)).toISOString());
  });
});
