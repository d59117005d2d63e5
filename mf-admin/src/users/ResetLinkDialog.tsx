import { useState } from 'react';
import { PASSWORD_RESET_MESSAGES as R, isIssuedResetLink, type ResetRequestAnswer, type User } from '@tht/contracts';
import { Button, Dialog, DialogActions, FormField, Input } from '@tht/ui';
import { useOutcomeToast } from '../panel/useOutcomeToast';
import { fullName } from './roles';
import { useIssueResetLink } from './usersApi';

/** The link, ready to copy (selected on focus, for browsers without clipboard access). */
function LinkToHandOver({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    await navigator.clipboard.writeText(link);
    setCopied(true);
  }

  return (
    <>
      <FormField label="Reset Link" hint="It works once, within 15 minutes.">
        <Input readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
      </FormField>
      <Button $variant="secondary" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy Link'}
      </Button>
    </>
  );
}

/**
 * Reset link (helpdesk): a one-time link for another, non-admin account, for the admin to hand to
 * its owner, who chooses a new password with it.
 */
export function ResetLinkDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const issue = useIssueResetLink();
  const withToast = useOutcomeToast();
  const [answer, setAnswer] = useState<ResetRequestAnswer | null>(null);

  async function create() {
    const result = await withToast(() => issue.run(user.email), {
      success: 'Reset link created',
      successDescription: fullName(user),
      failure: R.failedToCreateResetLink,
    });
    if (result) setAnswer(result);
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Reset Link"
      description={`For ${fullName(user)} (${user.email}). Hand the link over yourself: whoever holds it can choose their password.`}
    >
      {answer && isIssuedResetLink(answer) && <LinkToHandOver link={answer.resetLink} />}
      {answer && !isIssuedResetLink(answer) && <p role="status">{answer.message}</p>}
      <DialogActions>
        {answer ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button $variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={issue.pending} onClick={() => void create()}>
              {issue.pending ? 'Creating...' : 'Create Link'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
