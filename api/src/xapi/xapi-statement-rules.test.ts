import { describe, expect, it } from 'vitest';
import { negotiateVersion } from './xapi-http';
import { acceptedLanguages, formatStatement } from './xapi-statement-format';
import { agentKey, contentDigest, indexOf, normalizeStatement, statementProblems, type Statement } from './xapi-statement-rules';
import { mergeDefinitions } from './xapi-statements';

const valid = {
  actor: { objectType: 'Agent', mbox: 'mailto:ann@example.com' },
  verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed', 'en-GB': 'completed' } },
  object: {
    id: 'http://example.com/courses/fire-safety',
    definition: { name: { 'en-US': 'Fire Safety', fr: 'Sécurité incendie' } },
  },
};

describe('statementProblems', () => {
  it('finds none in a valid statement', () => {
    expect(statementProblems(valid, '1.0.3')).toEqual([]);
  });

  it.each([
    ['an actor without an identifier', { ...valid, actor: { name: 'Ann' } }, /statement\.actor/],
    ['a mailbox that is no mailto IRI', { ...valid, actor: { mbox: 'ann@example.com' } }, /actor\.mbox/],
    ['a verb without id', { ...valid, verb: { display: { en: 'did' } } }, /statement\.verb/],
    ['a timestamp without a time zone', { ...valid, timestamp: '2026-11-28T10:00:00' }, /timestamp/],
    ['a duration that is no ISO 8601 duration', { ...valid, result: { duration: '90 minutes' } }, /duration/],
    ['an unknown property', { ...valid, colour: 'blue' }, /colour/],
    ['a version that is not 1.0.x or 2.0.x', { ...valid, version: '0.95' }, /version/],
    [
      'a voiding statement whose object is an activity',
      { ...valid, verb: { id: 'http://adlnet.gov/expapi/verbs/voided' } },
      /voiding/,
    ],
  ])('names %s', (_what, statement, problem) => {
    expect(statementProblems(statement, '1.0.3').join('\n')).toMatch(problem);
  });

  it('takes 2.0 context agents only when 2.0 was negotiated', () => {
    const contextAgents = [
      { objectType: 'contextAgent', agent: { mbox: 'mailto:boss@example.com' }, relevantTypes: ['http://example.com/t'] },
    ];
    const statement = { ...valid, context: { contextAgents } };
    expect(statementProblems(statement, '2.0.0')).toEqual([]);
    expect(statementProblems(statement, '1.0.3')).not.toEqual([]);
    const wrong = { ...valid, context: { contextAgents: [{ objectType: 'contextAgent', agent: { name: 'nobody' } }] } };
    expect(statementProblems(wrong, '2.0.0')).not.toEqual([]);
  });
});

describe('normalizeStatement', () => {
  it('puts a single context activity in an array, in the statement and its sub-statement', () => {
    const parent = { id: 'http://example.com/programme' };
    const statement = normalizeStatement({
      ...valid,
      context: { contextActivities: { parent } },
      object: { objectType: 'SubStatement', ...valid, context: { contextActivities: { grouping: parent } } },
    }) as Statement;
    expect(statement.context).toEqual({ contextActivities: { parent: [parent] } });
    expect((statement.object as { context: unknown }).context).toEqual({ contextActivities: { grouping: [parent] } });
  });
});

describe('indexOf', () => {
  it('keeps the actor, the object and the related agents and activities apart', () => {
    const index = indexOf({
      ...valid,
      authority: { objectType: 'Agent', account: { homePage: 'https://lrs.example.com', name: 'k1' } },
      context: {
        registration: 'EC531277-B57B-4C15-8D91-D292C5B2B8F7',
        instructor: { mbox: 'mailto:teacher@example.com' },
        contextActivities: { parent: [{ id: 'http://example.com/programme' }] },
      },
    });
    expect(index.agents).toEqual(['mbox:mailto:ann@example.com']);
    expect(index.relatedAgents).toEqual(
      expect.arrayContaining([
        'mbox:mailto:ann@example.com',
        'mbox:mailto:teacher@example.com',
        'account:https://lrs.example.com|k1',
      ]),
    );
    expect(index.activities).toEqual(['http://example.com/courses/fire-safety']);
    expect(index.relatedActivities).toEqual(['http://example.com/courses/fire-safety', 'http://example.com/programme']);
    expect(index.registration).toBe('ec531277-b57b-4c15-8d91-d292c5b2b8f7');
    expect(index.voidingTarget).toBeNull();
  });

  it('names the target of a voiding statement and of any StatementRef', () => {
    const target = '6690e6c9-3ef0-4ed3-8b37-7f3964730bee';
    const voiding = indexOf({
      ...valid,
      verb: { id: 'http://adlnet.gov/expapi/verbs/voided' },
      object: { objectType: 'StatementRef', id: target },
    });
    expect(voiding).toMatchObject({ voidingTarget: target, refTarget: target, activities: [] });
  });
});

describe('agentKey', () => {
  it('is the one inverse functional identifier', () => {
    expect(agentKey({ mbox: 'mailto:Ann@Example.com', name: 'Ann' })).toBe('mbox:mailto:ann@example.com');
    expect(agentKey({ account: { homePage: 'https://lms.example.com', name: 'ann' } })).toBe('account:https://lms.example.com|ann');
    expect(agentKey({ name: 'nobody' })).toBeNull();
  });
});

describe('contentDigest', () => {
  it('is the same for the same content in any key order, whatever the LRS added', () => {
    const a = { id: 'x', ...valid };
    const b = { object: valid.object, verb: valid.verb, actor: valid.actor, id: 'x', stored: 'now', authority: { name: 'lrs' } };
    expect(contentDigest(a)).toBe(contentDigest(b));
    expect(contentDigest({ ...a, result: { duration: 'PT1H' } })).not.toBe(contentDigest(a));
  });
});

describe('formatStatement', () => {
  const statement = { id: 'x', ...valid } as Statement;

  it("keeps one language of each language map for canonical, the reader's first", () => {
    const canonical = formatStatement(statement, 'canonical', acceptedLanguages('fr;q=0.9, de;q=0.1'));
    expect((canonical.verb as { display: object }).display).toEqual({ 'en-US': 'completed' });
    expect((canonical.object as { definition: { name: object } }).definition.name).toEqual({ fr: 'Sécurité incendie' });
  });

  it('gives activities, verbs and agents by their identifiers alone for ids', () => {
    const ids = formatStatement(statement, 'ids', []);
    expect(ids.verb).toEqual({ id: valid.verb.id });
    expect(ids.object).toEqual({ id: valid.object.id });
    expect(ids.actor).toEqual(valid.actor);
  });
});

describe('mergeDefinitions', () => {
  it('joins the languages of names and descriptions, the newer winning elsewhere', () => {
    expect(mergeDefinitions({ name: { en: 'Meeting' }, type: 'a' }, { name: { fr: 'Réunion' }, type: 'b' })).toEqual({
      name: { en: 'Meeting', fr: 'Réunion' },
      type: 'b',
    });
  });
});

describe('negotiateVersion', () => {
  it('speaks 1.0.x as 1.0.3 and 2.0.x as 2.0.0, nothing else', () => {
    expect(negotiateVersion('1.0.1')).toBe('1.0.3');
    expect(negotiateVersion('1.0')).toBe('1.0.3');
    expect(negotiateVersion('2.0.0')).toBe('2.0.0');
    expect(negotiateVersion('0.95')).toBeNull();
    expect(negotiateVersion(undefined)).toBeNull();
  });
});
