import { useState } from 'react';
import styled from 'styled-components';
import { NOTIFICATION_MESSAGES as M, notificationsRoutes, type NotificationKind, type OwnNotification } from '@tht/contracts';
import { Checkbox, FieldError, Spinner, errorMessageOf, useRead, useToast, useWrite } from '@tht/ui';

const Group = styled.fieldset`
  margin: ${({ theme }) => theme.spacing(4)} 0;
  padding: ${({ theme }) => theme.spacing(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  & legend { font-weight: 600; padding: 0 ${({ theme }) => theme.spacing(1)}; }
`;

const Hint = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing(2)};
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.mutedText};
`;

const Switch = styled.div`
  margin-bottom: ${({ theme }) => theme.spacing(2)};
`;

function ReminderSwitch({ reminder }: { reminder: OwnNotification }) {
  const { showToast } = useToast();
  const switchOwn = useWrite(
    notificationsRoutes.switchOwnNotification,
    ({ kind, enabled }: { kind: NotificationKind; enabled: boolean }) => ({
      params: { kind },
      body: { enabled },
    }),
  );
  const hintId = `reminder-${reminder.kind}-hint`;
  // Shown switched at once, until the server's answer (read again once it accepted) takes over.
  const [switching, setSwitching] = useState<boolean | null>(null);

  async function change(enabled: boolean) {
    setSwitching(enabled);
    try {
      await switchOwn.run({ kind: reminder.kind, enabled });
    } catch (error) {
      showToast({ title: M.failedToSwitch, description: errorMessageOf(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setSwitching(null);
    }
  }

  return (
    <Switch>
      <Checkbox
        label={reminder.label}
        checked={switching ?? reminder.enabled}
        disabled={switchOwn.pending}
        aria-describedby={hintId}
        onChange={(event) => void change(event.target.checked)}
      />
      <Hint id={hintId}>
        {reminder.organisationEnabled ? reminder.description : `${reminder.description} ${M.offForEveryone}.`}
      </Hint>
    </Switch>
  );
}

/** "Reminders by e-mail": the signed-in person's switch of each kind, saved as it is switched. */
export function ReminderSwitches() {
  const { data: reminders, error } = useRead(notificationsRoutes.getOwnNotifications, {});
  return (
    <Group>
      <legend>{M.profileGroup}</legend>
      {error ? (
        <FieldError role="alert">{errorMessageOf(error, 'Your reminders failed to load.')}</FieldError>
      ) : !reminders ? (
        <Spinner label="Loading..." />
      ) : (
        reminders.map((reminder) => <ReminderSwitch key={reminder.kind} reminder={reminder} />)
      )}
    </Group>
  );
}
