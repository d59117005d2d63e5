import { ADL_VERBS, xapiTrainingRulesSchema, type XapiClient, type XapiTrainingRules } from '@tht/contracts';
import type { FormSchema } from '@tht/ui';

/** The ADL verbs offered as checkboxes, by the names people read: completed, passed, attended. */
export type AdlVerbName = keyof typeof ADL_VERBS;
export const ADL_VERB_NAMES = Object.keys(ADL_VERBS) as AdlVerbName[];

const ADL_IRIS: ReadonlySet<string> = new Set(Object.values(ADL_VERBS));
const CHECKED = 'on';

/** The training rules form: a checkbox per ADL verb ('on' or ''), other verb IRIs one per line, default hours ('' for none). */
export type TrainingRulesValues = Record<AdlVerbName, string> & { otherVerbs: string; defaultHours: string };

export const isChecked = (value: string) => value === CHECKED;
export const checkboxValue = (checked: boolean) => (checked ? CHECKED : '');

/** A system's rules as the form shows them. */
export function trainingRulesValues({ verbs, defaultHours }: Pick<XapiClient, 'verbs' | 'defaultHours'>): TrainingRulesValues {
  const adl = Object.fromEntries(ADL_VERB_NAMES.map((name) => [name, checkboxValue(verbs.includes(ADL_VERBS[name]))]));
  return {
    ...(adl as Record<AdlVerbName, string>),
    otherVerbs: verbs.filter((verb) => !ADL_IRIS.has(verb)).join('\n'),
    defaultHours: defaultHours === null ? '' : String(defaultHours),
  };
}

/** What the form sends, before the contract's rules judge it: the checked ADL verbs, then the typed ones; blank hours are none. */
export function trainingRulesOf(values: TrainingRulesValues): { verbs: string[]; defaultHours: string | null } {
  const typed = values.otherVerbs.split(/\s+/).filter((verb) => verb !== '');
  const checked = ADL_VERB_NAMES.filter((name) => isChecked(values[name])).map((name) => ADL_VERBS[name]);
  return { verbs: [...checked, ...typed], defaultHours: values.defaultHours.trim() === '' ? null : values.defaultHours };
}

/** The contract's training rules, judging the form's values (a bad typed verb's message shows under the typed verbs). */
export const trainingRulesFormSchema: FormSchema<XapiTrainingRules> = {
  safeParse: (values) => xapiTrainingRulesSchema.safeParse(trainingRulesOf(values as TrainingRulesValues)),
};

/** A verb as people read it: an ADL verb by its name, any other by its IRI. */
export function verbInWords(iri: string): string {
  return ADL_VERB_NAMES.find((name) => ADL_VERBS[name] === iri) ?? iri;
}

/** "completed, passed" (or "no verb: nothing counts") and what a statement without a duration gives. */
export function describeTrainingRules({ verbs, defaultHours }: Pick<XapiClient, 'verbs' | 'defaultHours'>): string {
  const counted = verbs.length === 0 ? 'No verb: nothing counts' : verbs.map(verbInWords).join(', ');
  const withoutDuration =
    defaultHours === null
      ? 'without a duration: not counted'
      : `without a duration: ${defaultHours} ${defaultHours === 1 ? 'hour' : 'hours'}`;
  return `${counted}; ${withoutDuration}`;
}
