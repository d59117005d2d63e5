import type { HistoryEvent } from '@tht/contracts';
import Papa from 'papaparse';
import type { UserRow } from 'projections';
import { describe, expect, it } from 'vitest';
import { personalDataCsv, personalDataDocument, sessionsOf, type PersonalDataFacts } from './personal-data';

const ADA = 7;
const ADMIN = 1;
const ISSUER = 'https://login.example.com';
const SECRETS = ['$argon2id$secret-password-hash', 'secret-reset-token-hash', 'secret-confirmation-hash'];

let position = 0;
/** An event of the log at minute `minute` of 5 January 2026, by `actor` (null: the system or a signed-out request). */
function event(type: string, data: Record<string, unknown>, minute: number, actor: number | null = ADA): HistoryEvent {
  position += 1;
  return {
    type,
    data,
    globalPosition: String(position).padStart(20, '0'),
    metadata: {
      actorId: actor === null ? null : String(actor),
      occurredAt: `2026-01-05T10:${String(minute).padStart(2, '0')}:00.000Z`,
    },
  };
}
const at = (minute: number) => `2026-01-05T10:${String(minute).padStart(2, '0')}:00.000Z`;

const profile = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  role: 'employee',
  managerId: 3,
  managerName: 'Grace Hopper',
  department: 'Engineering',
};

const accountEvents = [
  event('UserCreated', { userId: ADA, ...profile, passwordHash: SECRETS[0], firstLoginRequired: true }, 0, ADMIN),
  event('UserLoggedIn', { userId: ADA, sessionId: 's1' }, 1),
  event('PasswordChanged', { userId: ADA, passwordHash: SECRETS[0] }, 2),
  event('UserLoggedIn', { userId: ADA, sessionId: 's2', provider: ISSUER }, 3),
  event('UserLoggedIn', { userId: ADA, sessionId: 's3' }, 4),
  event('UserLoggedOut', { userId: ADA, sessionId: 's2', sessionExpiresAt: at(59) }, 5),
  event('PasswordResetRequested', { userId: ADA, tokenHash: SECRETS[1], expiresAt: at(20) }, 6, null),
  event('EmailConfirmationIssued', { userId: ADA, confirmationHash: SECRETS[2], expiresAt: at(30) }, 7),
  event('EmailConfirmed', { userId: ADA, email: 'ada@example.com' }, 8),
  event('PersonalDataExported', { userId: ADA, format: 'csv' }, 9, ADMIN),
];

const entryDetails = {
  entryId: 12,
  userId: ADA,
  trainingName: 'First aid',
  date: '2026-01-04',
  firstName: 'Ada',
  lastName: 'Lovelace',
  managerName: 'Grace Hopper',
  department: 'Engineering',
  hours: '2',
  notes: '=HYPERLINK("http://evil.example")',
  rating: 4,
  beInnovative: false,
  trainingType: 'internal',
  courseGivenBy: 'Red Cross',
  customFields: { deliveryFormat: 'Online' },
};

const row: UserRow = {
  id: ADA,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  role: 'employee',
  manager_id: 3,
  manager_name: 'Grace Hopper',
  department: 'Engineering',
  password_hash: SECRETS[0]!,
  first_login_required: false,
  sso_issuer: ISSUER,
  sso_subject: 'ada-at-idp',
  token_version: 1,
  email_proven: true,
  placement_required: false,
  deactivated_at: null,
  last_login: at(4),
  created_at: at(0),
  updated_at: at(2),
  version: 9,
};

const facts = (changes: Partial<PersonalDataFacts> = {}): PersonalDataFacts => ({
  personId: ADA,
  exportedAt: at(10),
  exportedBy: ADMIN,
  account: row,
  accountEvents,
  entries: [
    {
      id: 12,
      events: [
        event('EntryLogged', entryDetails, 1),
        event('EntryEdited', { ...entryDetails, hours: '3', customFields: { deliveryFormat: 'In person' } }, 6, 3),
      ],
    },
  ],
  targets: [
    {
      id: 4,
      year: 2026,
      events: [
        event(
          'UserTargetCreated',
          { userTargetId: 4, userId: ADA, year: 2026, targetHours: 30, reason: 'Part time', setBy: 5 },
          2,
          5,
        ),
      ],
    },
  ],
  failedSignIns: [{ at: at(1), reason: 'wrong password', client: '203.0.113.7' }],
  names: new Map([
    [ADA, 'Ada Lovelace'],
    [ADMIN, 'Alan Admin'],
    [3, 'Grace Hopper'],
    [5, 'Harriet Hr'],
  ]),
  ...changes,
});

describe("a person's data, assembled", () => {
  const document = personalDataDocument(facts());

  it('has one named section per kind of data, in order', () => {
    expect(Object.keys(document)).toEqual([
      'about',
      'profile',
      'accountHistory',
      'entries',
      'targets',
      'signIns',
      'sessions',
      'failedSignIns',
      'passwordResets',
      'emailConfirmations',
      'dataDownloads',
    ]);
    expect(document.about).toEqual({
      product: 'Training Hours Tracker',
      personId: ADA,
      exportedAt: at(10),
      exportedBy: { id: ADMIN, name: 'Alan Admin' },
    });
  });

  it('gives the profile from the account as it stands', () => {
    expect(document.profile).toEqual({
      id: ADA,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'employee',
      department: 'Engineering',
      managerId: 3,
      managerName: 'Grace Hopper',
      status: 'active',
      createdAt: at(0),
      updatedAt: at(2),
      lastSignIn: at(4),
      singleSignOn: { provider: ISSUER, subject: 'ada-at-idp' },
    });
  });

  it("gives a deleted account's profile as its events last stated it", () => {
    const deleted = personalDataDocument(
      facts({
        account: null,
        accountEvents: [
          ...accountEvents,
          event('UserUpdated', { userId: ADA, changes: { lastName: 'King', department: 'Research' } }, 11, ADMIN),
          event('UserDeleted', { userId: ADA, email: 'ada@example.com' }, 12, ADMIN),
        ],
      }),
    ).profile;
    expect(deleted).toMatchObject({ name: 'Ada King', lastName: 'King', department: 'Research', status: 'deleted' });
    expect(deleted).toMatchObject({ email: 'ada@example.com', createdAt: at(0), lastSignIn: at(4) });
  });

  it('says a deactivated account is deactivated', () => {
    expect(personalDataDocument(facts({ account: { ...row, deactivated_at: at(9) } })).profile.status).toBe('deactivated');
  });

  it('says an erased account is erased, and shows it as the erasure left it', () => {
    const erased = personalDataDocument(
      facts({
        account: { ...row, first_name: 'Erased', last_name: `person #${ADA}`, deactivated_at: at(9) },
        accountEvents: [...accountEvents, event('PersonErased', { userId: ADA }, 11, ADMIN)],
      }),
    ).profile;
    expect(erased).toMatchObject({ name: `Erased person #${ADA}`, status: 'erased' });
  });

  it('lists each entry as it stands and every version of it, custom fields included, with who made it', () => {
    const [entry] = document.entries;
    expect(entry).toMatchObject({ id: 12, createdAt: at(1), updatedAt: at(6) });
    expect(entry!.current).toMatchObject({ hours: '3', customFields: { deliveryFormat: 'In person' } });
    expect(entry!.current).not.toHaveProperty('entryId');
    expect(entry!.versions.map(({ version, event, by, fields }) => [version, event, by.name, fields.hours])).toEqual([
      [1, 'EntryLogged', 'Ada Lovelace', '2'],
      [2, 'EntryEdited', 'Grace Hopper', '3'],
    ]);
  });

  it('lists the targets set for the person, with who set them', () => {
    expect(document.targets).toEqual([
      {
        id: 4,
        year: 2026,
        current: { year: 2026, targetHours: 30, reason: 'Part time', setBy: 5 },
        versions: [
          {
            version: 1,
            at: at(2),
            by: { id: 5, name: 'Harriet Hr' },
            event: 'UserTargetCreated',
            fields: { year: 2026, targetHours: 30, reason: 'Part time', setBy: 5 },
          },
        ],
      },
    ]);
  });

  it('lists sign-ins with their method, failed sign-ins, reset requests, confirmations and downloads', () => {
    expect(document.signIns).toEqual([
      { at: at(1), method: 'password' },
      { at: at(3), method: ISSUER },
      { at: at(4), method: 'password' },
    ]);
    expect(document.failedSignIns).toEqual([{ at: at(1), reason: 'wrong password', from: '203.0.113.7' }]);
    expect(document.passwordResets).toEqual([
      { requestedAt: at(6), expiresAt: at(20), requestedBy: { id: null, name: 'Someone signed out' } },
    ]);
    expect(document.emailConfirmations).toEqual([
      { at: at(7), event: 'link sent', email: null, expiresAt: at(30) },
      { at: at(8), event: 'confirmed', email: 'ada@example.com', expiresAt: null },
    ]);
    expect(document.dataDownloads).toEqual([{ at: at(9), format: 'csv', by: { id: ADMIN, name: 'Alan Admin' } }]);
    expect(document.accountHistory).toHaveLength(accountEvents.length);
  });

  it('holds no credential: no password, reset-token or confirmation hash', () => {
    const json = JSON.stringify(document);
    const csv = personalDataCsv(document);
    for (const secret of SECRETS) {
      expect(json).not.toContain(secret);
      expect(csv).not.toContain(secret);
    }
  });
});

describe('sessions from the account events', () => {
  it('ends a session at its own logout, and every open one at a password change or "sign out everywhere"', () => {
    const events = [
      event('UserLoggedIn', { userId: ADA, sessionId: 'a' }, 1),
      event('UserLoggedIn', { userId: ADA, sessionId: 'b', provider: ISSUER }, 2),
      event('UserLoggedOut', { userId: ADA, sessionId: 'a', sessionExpiresAt: at(59) }, 3),
      event('PasswordChanged', { userId: ADA, passwordHash: 'x' }, 4),
      event('UserLoggedIn', { userId: ADA, sessionId: 'c' }, 5),
      event('UserLoggedIn', { userId: ADA, sessionId: 'd' }, 6),
      event('UserLoggedOut', { userId: ADA, sessionId: 'c', sessionExpiresAt: at(59), sessionLimit: 1 }, 6),
      event('UserLoggedOutEverywhere', { userId: ADA }, 7),
      event('UserLoggedIn', { userId: ADA, sessionId: 'e' }, 8),
    ];
    expect(sessionsOf(events)).toEqual([
      { startedAt: at(1), method: 'password', endedAt: at(3), endedBy: 'signed out' },
      { startedAt: at(2), method: ISSUER, endedAt: at(4), endedBy: 'password changed' },
      { startedAt: at(5), method: 'password', endedAt: at(6), endedBy: 'ended by a newer sign-in (too many sessions)' },
      { startedAt: at(6), method: 'password', endedAt: at(7), endedBy: 'signed out everywhere' },
      { startedAt: at(8), method: 'password', endedAt: null, endedBy: null },
    ]);
  });
});

describe('the CSV of a personal data copy', () => {
  const document = personalDataDocument(facts({ failedSignIns: [] }));
  const csv = personalDataCsv(document);
  const [header, ...lines] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, '').trimEnd(), { newline: '\r\n' }).data;

  it('opens with a byte-order mark and the columns section, record, field, value', () => {
    expect(csv.startsWith('\uFEFFsection,record,field,value\r\n')).toBe(true);
    expect(header).toEqual(['section', 'record', 'field', 'value']);
  });

  it('has every section, an empty one too, in the order of the document', () => {
    expect([...new Set(lines.map(([section]) => section))]).toEqual(Object.keys(document));
    expect(lines.filter(([section]) => section === 'failedSignIns')).toEqual([['failedSignIns', '', '', '']]);
  });

  it('gives each value a line: the record by its id, the field by its path', () => {
    expect(lines).toContainEqual(['profile', '', 'email', 'ada@example.com']);
    expect(lines).toContainEqual(['entries', '12', 'versions.2.fields.customFields.deliveryFormat', 'In person']);
    expect(lines).toContainEqual(['targets', '4', 'current.targetHours', '30']);
    expect(lines).toContainEqual(['signIns', '2', 'method', ISSUER]);
  });

  it('neutralises a text a spreadsheet would run as a formula, as the export does', () => {
    expect(lines).toContainEqual(['entries', '12', 'current.notes', `'=HYPERLINK("http://evil.example")`]);
    for (const line of lines) for (const cell of line) expect(cell).not.toMatch(/^[=+\-@]/);
  });
});
