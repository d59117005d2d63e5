import { describe, expect, it } from 'vitest';
import { ADL_VERBS, DEFAULT_TRAINING_VERBS } from '@tht/contracts';
import { validateForm } from '@tht/ui';
import { describeTrainingRules, trainingRulesFormSchema, trainingRulesOf, trainingRulesValues } from './trainingRulesForm';

const VIEWED = 'http://id.tincanapi.com/verb/viewed';

describe('the training rules form', () => {
  it('shows the ADL verbs as checkboxes and the other verbs one per line', () => {
    expect(trainingRulesValues({ verbs: [ADL_VERBS.passed, VIEWED], defaultHours: 1.5 })).toEqual({
      completed: '',
      passed: 'on',
      attended: '',
      otherVerbs: VIEWED,
      defaultHours: '1.5',
    });
  });

  it('sends the checked verbs, then the typed ones; blank hours are none', () => {
    const values = { ...trainingRulesValues({ verbs: [...DEFAULT_TRAINING_VERBS], defaultHours: null }), attended: '' };
    expect(trainingRulesOf({ ...values, otherVerbs: `  ${VIEWED}\n\n` })).toEqual({
      verbs: [ADL_VERBS.completed, ADL_VERBS.passed, VIEWED],
      defaultHours: null,
    });
    expect(validateForm(trainingRulesFormSchema, { ...values, defaultHours: '2.25' }).data).toEqual({
      verbs: [ADL_VERBS.completed, ADL_VERBS.passed],
      defaultHours: 2.25,
    });
  });

  it("gives the contract's messages under the field at fault", () => {
    const values = trainingRulesValues({ verbs: [...DEFAULT_TRAINING_VERBS], defaultHours: null });
    expect(validateForm(trainingRulesFormSchema, { ...values, otherVerbs: 'viewed' }).errors).toEqual({
      verbs: 'Not a verb IRI: viewed',
    });
    expect(validateForm(trainingRulesFormSchema, { ...values, otherVerbs: ADL_VERBS.completed }).errors?.verbs).toBe(
      `Verb listed twice: ${ADL_VERBS.completed}`,
    );
    expect(validateForm(trainingRulesFormSchema, { ...values, defaultHours: '1.1' }).errors?.defaultHours).toMatch(/0\.25/);
  });

  it('reads the rules in words', () => {
    expect(describeTrainingRules({ verbs: [...DEFAULT_TRAINING_VERBS], defaultHours: null })).toBe(
      'completed, passed, attended; without a duration: not counted',
    );
    expect(describeTrainingRules({ verbs: [VIEWED], defaultHours: 1 })).toBe(`${VIEWED}; without a duration: 1 hour`);
    expect(describeTrainingRules({ verbs: [], defaultHours: 2 })).toBe('No verb: nothing counts; without a duration: 2 hours');
  });
});
