import { useState } from 'react';
import { ADMIN_MESSAGES, xapiClientInputSchema, type XapiClient, type XapiTrainingType } from '@tht/contracts';
import { Button, DashboardSection, FormField, Input, Select, useValidatedForm } from '@tht/ui';
import { DeleteConfirmation } from '../panel/DeleteConfirmation';
import { InlineForm, Stack } from '../panel/layout';
import { useOutcomeToast } from '../panel/useOutcomeToast';
import { useConnectedSystems, useCreateConnectedSystem, useDeleteConnectedSystem } from './connectedSystemsApi';
import { CredentialsDialog, type CreatedSystem } from './CredentialsDialog';
import { endpointUrl } from './endpoint';
import { SystemTable } from './SystemTable';
import { TrainingRulesDialog } from './TrainingRulesDialog';
import { UnmatchedStatements } from './UnmatchedStatements';

const TAB_TITLE = ADMIN_MESSAGES.tabs.connectedSystems;

function AddSystemForm({ onCreated }: { onCreated: (created: CreatedSystem) => void }) {
  const create = useCreateConnectedSystem();
  const withToast = useOutcomeToast();
  const form = useValidatedForm({ name: '', trainingType: 'external' }, xapiClientInputSchema);

  async function add(input: { name: string; trainingType: XapiTrainingType }) {
    const created = await withToast(() => create.run(input), {
      success: 'System connected',
      successDescription: input.name,
      failure: 'Failed to connect the system',
    });
    if (created) {
      form.setField('name', '');
      onCreated({ ...created, name: input.name });
    }
  }

  return (
    <InlineForm noValidate aria-label="Connect a system" onSubmit={form.handleSubmit(add)}>
      <FormField label="System name" error={form.errors.name} required>
        <Input value={form.values.name} onChange={(event) => form.setField('name', event.target.value)} />
      </FormField>
      <FormField label="Its training counts as" error={form.errors.trainingType}>
        <Select value={form.values.trainingType} onChange={(event) => form.setField('trainingType', event.target.value)}>
          <option value="external">External</option>
          <option value="internal">Internal</option>
        </Select>
      </FormField>
      <Button type="submit" disabled={form.pending}>
        {form.pending ? 'Connecting...' : 'Connect System'}
      </Button>
    </InlineForm>
  );
}

/** The connected systems: connect one (key and secret shown once), its training rules, enable, disable, delete. */
function SystemsSection() {
  const { systems, error } = useConnectedSystems();
  const remove = useDeleteConnectedSystem();
  const [created, setCreated] = useState<CreatedSystem | null>(null);
  const [editingRules, setEditingRules] = useState<XapiClient | null>(null);
  const [deleting, setDeleting] = useState<XapiClient | null>(null);

  return (
    <DashboardSection title={TAB_TITLE} data={systems} error={error} loadingLabel="Loading..." what="connected systems">
      {(loaded) => (
        <>
          <p>
            Courses and learning platforms send their statements (xAPI) to <code>{endpointUrl()}</code> with HTTP Basic
            authentication: the key and secret of their connected system.
          </p>
          <AddSystemForm onCreated={setCreated} />
          <SystemTable systems={loaded} onEditRules={setEditingRules} onDelete={setDeleting} />
          {created && <CredentialsDialog created={created} onClose={() => setCreated(null)} />}
          {editingRules && <TrainingRulesDialog system={editingRules} onClose={() => setEditingRules(null)} />}
          <DeleteConfirmation
            item={deleting}
            title="Delete Connected System"
            message={(system) => `Delete ${system.name}? Its key stops working at once; the statements it sent are kept.`}
            remove={(system) => remove.run(system.id)}
            pending={remove.pending}
            outcome={(system) => ({
              success: 'System deleted',
              successDescription: system.name,
              failure: 'Failed to delete the system',
            })}
            onDone={() => setDeleting(null)}
          />
        </>
      )}
    </DashboardSection>
  );
}

/**
 * The Connected systems tab: courses and learning platforms that report training to the Learning
 * Record Store at `/xapi/` with a key and secret (shown once), the rules that make their
 * statements training entries, and the training statements that name no active person.
 */
export default function ConnectedSystems() {
  return (
    <Stack>
      <SystemsSection />
      <UnmatchedStatements />
    </Stack>
  );
}
