import { useState } from 'react';
import styled from 'styled-components';
import { XAPI_MESSAGES as M, type XapiClientCreated } from '@tht/contracts';
import { Button, Dialog, DialogActions } from '@tht/ui';
import { endpointUrl } from './endpoint';

/** Keys and secrets are long unbroken strings: they wrap anywhere rather than widen a phone's dialog. */
const CredentialList = styled.dl`
  & dd {
    margin-left: 0;
    overflow-wrap: anywhere;
  }
`;

export type CreatedSystem = XapiClientCreated & { name: string };

/** The key and secret of a system just created: the only time the secret is shown. */
export function CredentialsDialog({ created, onClose }: { created: CreatedSystem; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copySecret() {
    await navigator.clipboard.writeText(created.secret);
    setCopied(true);
  }
  return (
    <Dialog open title={`Credentials of ${created.name}`} onClose={onClose}>
      <p>{M.secretShownOnce}</p>
      <CredentialList>
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
      </CredentialList>
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
