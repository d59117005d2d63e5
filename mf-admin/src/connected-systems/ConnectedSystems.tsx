import { useState } from 'react';
import {
  ADMIN_MESSAGES,
  XAPI_MESSAGES as M,
  xapiClientInputSchema,
  type XapiClient,
  type XapiClientCreated,
  type XapiTrainingType,
} from '@tht/contracts';
import {
  Badge,
  Button,
  CaptionedTable,
  ConfirmDialog,
  DashboardSection,
  Dialog,
  DialogActions,
  EmptyText,
  FormField,
  Input,
  Select,
  useValidatedForm,
} from '@tht/ui';
import { InlineForm } from '../panel/layout';
import { formatCreatedDate } from '../panel/formatDate';
import { useOutcomeToast } from '../panel/useOutcomeToast';
import {
  useConnectedSystems,
  useCreateConnectedSystem,
  useDeleteConnectedSystem,
  useSetConnectedSystemEnabled,
} from './connectedSystemsApi';

const TAB_TITLE = ADMIN_MESSAGES.tabs.connectedSystems;

/** The address a course or platform is given with the key and secret. */
const endpointUrl = () => `${window.location.origin}${M.endpointPath}`;

function AddSystemForm({ onCreated }: { onCreated: (created: XapiClientCreated & { name: string }) => void }) {
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

/** The key and secret of a system just created: the only time the secret is shown. */
function CredentialsDialog({ created, onClose }: { created: XapiClientCreated & { name: string }; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copySecret() {
    await navigator.clipboard.writeText(created.secret);
    setCopied(true);
  }
  return (
    <Dialog open title={`Credentials of ${created.name}`} onClose={onClose}>
      <p>{M.secretShownOnce}</p>
      <dl>
        <dt>Endpoint</dt>
        <dd>
          <code>{endpointUrl()}</code>
        </dd>
        <dt>Key</dt>
        <dd>
          <code>{created.key}</code>
        </dd>
        <dt>Secret</dt>
        <dd>
          <code>{created.secret}</code>
        </dd>
      </dl>
      <DialogActions>
        <Button type="button" $variant="secondary" onClick={() => void copySecret()}>
          {copied ? 'Secret copied' : 'Copy secret'}
        </Button>
        <Button type="button" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SystemRow({ system, onDelete }: { system: XapiClient; onDelete: (system: XapiClient) => void }) {
  const setEnabled = useSetConnectedSystemEnabled();
  const withToast = useOutcomeToast();
  const toggle = () =>
    withToast(() => setEnabled.run({ id: system.id, enabled: !system.enabled }), {
      success: system.enabled ? 'System disabled' : 'System enabled',
      successDescription: system.name,
      failure: 'Failed to change the system',
    });
  return (
    <tr>
      <th scope="row">{system.name}</th>
      <td>
        <code>{system.key}</code>
      </td>
      <td>{system.trainingType === 'internal' ? 'Internal' : 'External'}</td>
      <td>
        <Badge $tone={system.enabled ? 'success' : 'neutral'}>{system.enabled ? 'Enabled' : 'Disabled'}</Badge>
      </td>
      <td>{formatCreatedDate(system.createdAt)}</td>
      <td>
        <Button
          type="button"
          $variant="secondary"
          disabled={setEnabled.pending}
          onClick={() => void toggle()}
          aria-label={`${system.enabled ? 'Disable' : 'Enable'} ${system.name}`}
        >
          {system.enabled ? 'Disable' : 'Enable'}
        </Button>{' '}
        <Button type="button" $variant="destructive" onClick={() => onDelete(system)} aria-label={`Delete ${system.name}`}>
          Delete
        </Button>
      </td>
    </tr>
  );
}

function SystemTable({ systems, onDelete }: { systems: readonly XapiClient[]; onDelete: (system: XapiClient) => void }) {
  if (systems.length === 0) return <EmptyText>No connected systems yet.</EmptyText>;
  return (
    <CaptionedTable caption={TAB_TITLE}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Key</th>
          <th scope="col">Training</th>
          <th scope="col">Status</th>
          <th scope="col">Created</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {systems.map((system) => (
          <SystemRow key={system.id} system={system} onDelete={onDelete} />
        ))}
      </tbody>
    </CaptionedTable>
  );
}

/**
 * The Connected systems tab: courses and learning platforms that report training to the Learning
 * Record Store at `/xapi/` with a key and secret (shown once), enabled, disabled or deleted.
 */
export default function ConnectedSystems() {
  const { systems, error } = useConnectedSystems();
  const remove = useDeleteConnectedSystem();
  const withToast = useOutcomeToast();
  const [created, setCreated] = useState<(XapiClientCreated & { name: string }) | null>(null);
  const [deleting, setDeleting] = useState<XapiClient | null>(null);

  async function confirmDelete(system: XapiClient) {
    await withToast(() => remove.run(system.id), {
      success: 'System deleted',
      successDescription: system.name,
      failure: 'Failed to delete the system',
    });
    setDeleting(null);
  }

  return (
    <DashboardSection title={TAB_TITLE} data={systems} error={error} loadingLabel="Loading..." what="connected systems">
      {(loaded) => (
        <>
          <p>
            Courses and learning platforms send their statements (xAPI) to <code>{endpointUrl()}</code> with HTTP Basic
            authentication: the key and secret of their connected system.
          </p>
          <AddSystemForm onCreated={setCreated} />
          <SystemTable systems={loaded} onDelete={setDeleting} />
          {created && <CredentialsDialog created={created} onClose={() => setCreated(null)} />}
          <ConfirmDialog
            open={deleting !== null}
            title="Delete Connected System"
            message={`Delete ${deleting?.name ?? ''}? Its key stops working at once; the statements it sent are kept.`}
            confirmLabel="Delete"
            pendingLabel="Deleting..."
            pending={remove.pending}
            onConfirm={() => deleting && void confirmDelete(deleting)}
            onCancel={() => setDeleting(null)}
          />
        </>
      )}
    </DashboardSection>
  );
}
