import { createHash } from 'node:crypto';
import { ADL_VERBS, DEFAULT_TRAINING_RULES, MAX_ENTRY_HOURS, XAPI_TRAINING_MESSAGES as M } from '@tht/contracts';
import { describe, expect, it } from 'vitest';
import {
  activityName,
  durationHours,
  mapTraining,
  roundToStep,
  sha1KeysOf,
  trainingOf,
  type Person,
  type TrainingSystem,
} from './xapi-training-mapping';

const moodle: TrainingSystem = { id: 'c1', name: 'Moodle', trainingType: 'external', rules: DEFAULT_TRAINING_RULES };

const ann: Person = {
  userId: 7,
  firstName: 'Ann',
  lastName: 'Lee',
  managerName: 'Bo Chan',
  department: 'Finance',
  deactivated: false,
};

const statement = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  actor: { objectType: 'Agent', mbox: 'mailto:Ann@Example.com' },
  verb: { id: ADL_VERBS.completed },
  object: { id: 'http://example.com/fire-safety', definition: { name: { 'en-GB': 'Fire safety', 'en-US': 'Fire Safety' } } },
  result: { duration: 'PT1H30M' },
  timestamp: '2026-03-01T23:30:00-05:00',
  stored: '2026-03-02T04:31:00.000Z',
  ...overrides,
});

/** The statement as an entry of `person`, or the reason it is none. */
const mapped = (sent: Record<string, unknown>, person: Person | null = ann, system = moodle) => {
  const training = trainingOf(sent, system.rules);
  return training && mapTraining(training, system, person);
};

describe('a statement as training', () => {
  it('becomes an entry of its person: the activity name, hours of the duration, the date as written, the system as course', () => {
    expect(mapped(statement())).toEqual({
      kind: 'entry',
      userId: 7,
      input: expect.objectContaining({
        firstName: 'Ann',
        lastName: 'Lee',
        trainingName: 'Fire Safety',
        date: '2026-03-01',
        hours: 1.5,
        managerName: 'Bo Chan',
        department: 'Finance',
        trainingType: 'external',
        courseGivenBy: 'Moodle',
        notes: 'xAPI activity: http://example.com/fire-safety',
        rating: 0,
        beInnovative: false,
      }),
    });
  });

  it('counts only the verbs of the rules (default: completed, passed, attended)', () => {
    expect(mapped(statement({ verb: { id: ADL_VERBS.passed } }))?.kind).toBe('entry');
    expect(mapped(statement({ verb: { id: ADL_VERBS.attended } }))?.kind).toBe('entry');
    expect(mapped(statement({ verb: { id: 'http://adlnet.gov/expapi/verbs/experienced' } }))).toBeNull();
    const strict = { ...moodle, rules: { verbs: ['http://example.com/verbs/finished'], defaultHours: null } };
    expect(mapped(statement(), ann, strict)).toBeNull();
    expect(mapped(statement({ verb: { id: 'http://example.com/verbs/finished' } }), ann, strict)?.kind).toBe('entry');
  });

  it("takes the system's default hours without a duration, and is no training without either", () => {
    expect(mapped(statement({ result: undefined }))).toBeNull();
    const withDefault = { ...moodle, rules: { ...DEFAULT_TRAINING_RULES, defaultHours: 2 } };
    expect(mapped(statement({ result: { success: true } }), ann, withDefault)).toMatchObject({ input: { hours: 2 } });
    expect(mapped(statement(), ann, withDefault)).toMatchObject({ input: { hours: 1.5 } });
  });

  it('is no training when its object is not an activity', () => {
    expect(mapped(statement({ object: { objectType: 'StatementRef', id: '9b0c0c0e-1f0a-4c1b-8f7e-2c9d4b6a1e02' } }))).toBeNull();
    expect(mapped(statement({ object: { objectType: 'Agent', mbox: 'mailto:bo@example.com' } }))).toBeNull();
  });

  it('finds its person by mbox, mbox_sha1sum or an account named by the e-mail', () => {
    const keyOf = (actor: unknown) => trainingOf(statement({ actor }), moodle.rules)?.personKey;
    expect(keyOf({ mbox: 'mailto:Ann@Example.com' })).toBe('email:ann@example.com');
    const sum = createHash('sha1').update('mailto:ann@example.com').digest('hex');
    expect(keyOf({ mbox_sha1sum: sum.toUpperCase() })).toBe(`sha1:${sum}`);
    expect(sha1KeysOf('ann@example.com')).toContain(`sha1:${sum}`);
    expect(sha1KeysOf('Ann@Example.com')).toContain(`sha1:${sum}`);
    expect(keyOf({ account: { homePage: 'https://lms.example.com', name: 'Ann@example.com' } })).toBe('email:ann@example.com');
    expect(keyOf({ account: { homePage: 'https://lms.example.com', name: '12345' } })).toBeNull();
    expect(keyOf({ openid: 'https://id.example.com/ann' })).toBeNull();
  });

  it('is unmatched without an active person, and when the entry rules refuse it (with their message)', () => {
    expect(mapped(statement(), null)).toEqual({
      kind: 'unmatched',
      reason: 'unknown-person',
      message: M.unknownPerson,
      userId: null,
    });
    expect(mapped(statement(), { ...ann, deactivated: true })).toEqual({
      kind: 'unmatched',
      reason: 'deactivated-person',
      message: M.deactivatedPerson,
      userId: 7,
    });
    expect(mapped(statement({ result: { duration: `PT${MAX_ENTRY_HOURS + 1}H` } }))).toEqual({
      kind: 'unmatched',
      reason: 'refused',
      message: `Hours must be at most ${MAX_ENTRY_HOURS}`,
      userId: 7,
    });
    expect(mapped(statement({ timestamp: '1800-01-01T10:00:00Z' }))).toMatchObject({ kind: 'unmatched', reason: 'refused' });
  });
});

describe('hours of an ISO 8601 duration', () => {
  it('reads each designator and fractions, and rounds to the nearest 0.25', () => {
    expect(durationHours('PT1H30M')).toBe(1.5);
    expect(durationHours('PT45M')).toBe(0.75);
    expect(durationHours('PT0.5H')).toBe(0.5);
    expect(durationHours('P1DT2H')).toBe(26);
    expect(durationHours('PT5400S')).toBe(1.5);
    expect(durationHours('P')).toBeNull();
    expect(durationHours('1 hour')).toBeNull();
    expect(roundToStep(durationHours('PT20M')!)).toBe(0.25);
    expect(roundToStep(durationHours('PT1H8M')!)).toBe(1.25);
    expect(roundToStep(durationHours('PT1H7M')!)).toBe(1);
    expect(roundToStep(durationHours('PT5M')!)).toBe(0);
  });
});

describe("an activity's name", () => {
  it('is en-US, else en, else the first language, else the id', () => {
    expect(activityName({ id: 'x', definition: { name: { de: 'Brandschutz', en: 'Fire safety' } } })).toBe('Fire safety');
    expect(activityName({ id: 'x', definition: { name: { de: 'Brandschutz', fr: 'Incendie' } } })).toBe('Brandschutz');
    expect(activityName({ id: 'http://example.com/a' })).toBe('http://example.com/a');
  });
});
