import styled from 'styled-components';
import { ADL_VERBS, type XapiClient, type XapiTrainingRules } from '@tht/contracts';
import { Checkbox, Dialog, FormActions, FormField, Input, Textarea, useValidatedForm } from '@tht/ui';
import { useOutcomeToast } from '../panel/useOutcomeToast';
import { useSetTrainingRules } from './connectedSystemsApi';
import { endpointUrl } from './endpoint';
import { ADL_VERB_NAMES, checkboxValue, isChecked, trainingRulesFormSchema, trainingRulesValues } from './trainingRulesForm';

const Verbs = styled.fieldset`
  margin: 0 0 ${({ theme }) => theme.spacing(4)};
  padding: 0;
  border: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.spacing(2)} ${theme.spacing(5)}`};
  & legend { font-weight: 600; margin-bottom: ${({ theme }) => theme.spacing(2)}; padding: 0; }
`;

const Connection = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing(4)};
  overflow-wrap: anywhere;
`;

/**
 * A system's training rules: which verbs make its statements training (the ADL three as
 * checkboxes, others typed as IRIs) and the hours of a statement without a duration.
 */
export function TrainingRulesDialog({ system, onClose }: { system: XapiClient; onClose: () => void }) {
  const setRules = useSetTrainingRules();
  const withToast = useOutcomeToast();
  const form = useValidatedForm(trainingRulesValues(system), trainingRulesFormSchema);

  async function save(rules: XapiTrainingRules) {
    const saved = await withToast(() => setRules.run({ id: system.id, rules }), {
      success: 'Training rules saved',
      successDescription: system.name,
      failure: 'Failed to save the training rules',
    });
    if (saved) onClose();
  }

  return (
    <Dialog open onClose={onClose} title={`Training rules of ${system.name}`} width="40rem">
      <Connection>
        Its statements go to <code>{endpointUrl()}</code> with the key <code>{system.key}</code>.
      </Connection>
      <form noValidate aria-label={`Training rules of ${system.name}`} onSubmit={form.handleSubmit(save)}>
        <Verbs>
          <legend>Statements that count as training</legend>
          {ADL_VERB_NAMES.map((name) => (
            <Checkbox
              key={name}
              label={name}
              title={ADL_VERBS[name]}
              checked={isChecked(form.values[name])}
              onChange={(event) => form.setField(name, checkboxValue(event.target.checked))}
            />
          ))}
        </Verbs>
        <FormField
          label="Other verbs"
          hint="Verb IRIs, one per line, e.g. http://id.tincanapi.com/verb/viewed"
          error={form.errors.verbs}
        >
          <Textarea value={form.values.otherVerbs} onChange={(event) => form.setField('otherVerbs', event.target.value)} />
        </FormField>
        <FormField
          label="Default hours"
          hint="For a statement without a duration; leave empty and such a statement is not training."
          error={form.errors.defaultHours}
        >
          <Input
            inputMode="decimal"
            value={form.values.defaultHours}
            onChange={(event) => form.setField('defaultHours', event.target.value)}
          />
        </FormField>
        <FormActions onCancel={onClose} pending={form.pending} submitLabel="Save Rules" />
      </form>
    </Dialog>
  );
}
