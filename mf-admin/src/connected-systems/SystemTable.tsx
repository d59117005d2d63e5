import styled from 'styled-components';
import { ADMIN_MESSAGES, type XapiClient } from '@tht/contracts';
import { Badge, Button, CaptionedTable, EmptyText } from '@tht/ui';
import { formatCreatedDate } from '../panel/formatDate';
import { Actions } from '../panel/layout';
import { useOutcomeToast } from '../panel/useOutcomeToast';
import { useSetConnectedSystemEnabled } from './connectedSystemsApi';
import { endpointUrl } from './endpoint';
import { describeTrainingRules } from './trainingRulesForm';

const Connection = styled.td`
  & code { display: block; overflow-wrap: anywhere; }
`;

type RowHandlers = {
  onEditRules: (system: XapiClient) => void;
  onDelete: (system: XapiClient) => void;
};

function SystemRow({ system, onEditRules, onDelete }: RowHandlers & { system: XapiClient }) {
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
      <Connection>
        <code>{endpointUrl()}</code>
        <code>{system.key}</code>
      </Connection>
      <td>{system.trainingType === 'internal' ? 'Internal' : 'External'}</td>
      <td>{describeTrainingRules(system)}</td>
      <td>
        <Badge $tone={system.enabled ? 'success' : 'neutral'}>{system.enabled ? 'Enabled' : 'Disabled'}</Badge>
      </td>
      <td>{formatCreatedDate(system.createdAt)}</td>
      <td>
        <Actions>
          <Button
            type="button"
            $variant="secondary"
            onClick={() => onEditRules(system)}
            aria-label={`Training rules of ${system.name}`}
          >
            Training rules
          </Button>
          <Button
            type="button"
            $variant="secondary"
            disabled={setEnabled.pending}
            onClick={() => void toggle()}
            aria-label={`${system.enabled ? 'Disable' : 'Enable'} ${system.name}`}
          >
            {system.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button type="button" $variant="destructive" onClick={() => onDelete(system)} aria-label={`Delete ${system.name}`}>
            Delete
          </Button>
        </Actions>
      </td>
    </tr>
  );
}

/** The connected systems: name, where and with which key they send, training type and rules, status, and their buttons. */
export function SystemTable({ systems, ...handlers }: RowHandlers & { systems: readonly XapiClient[] }) {
  if (systems.length === 0) return <EmptyText>No connected systems yet.</EmptyText>;
  return (
    <CaptionedTable caption={ADMIN_MESSAGES.tabs.connectedSystems}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Endpoint and key</th>
          <th scope="col">Training</th>
          <th scope="col">Counts as training</th>
          <th scope="col">Status</th>
          <th scope="col">Created</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {systems.map((system) => (
          <SystemRow key={system.id} system={system} {...handlers} />
        ))}
      </tbody>
    </CaptionedTable>
  );
}
