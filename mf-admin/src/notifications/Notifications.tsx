import { useState } from 'react';
import styled from 'styled-components';
import { NOTIFICATION_MESSAGES as M, type AdminNotificationKind, type NotificationKind } from '@tht/contracts';
import { Badge, Button, Card, CardTitle, Checkbox, FieldError, Spinner, errorMessageOf } from '@tht/ui';
import { Actions, CardHeader, Stack } from '../panel/layout';
import { useOutcomeToast } from '../panel/useOutcomeToast';
import {
  useAdminNotifications,
  useNotificationPreview,
  useRunNotification,
  useSwitchOrganisationNotification,
} from './notificationsApi';

const Muted = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing(3)};
  color: ${({ theme }) => theme.colors.mutedText};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.spacing(1)} ${({ theme }) => theme.spacing(4)};
  margin: ${({ theme }) => theme.spacing(3)} 0;
  & dt { font-weight: 600; }
  & dd { margin: 0; }
`;

const Warning = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.spacing(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  font-weight: 600;
`;

const PreviewFrame = styled.iframe`
  width: 100%;
  height: 32rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: #fff;
`;

const PlainText = styled.pre`
  white-space: pre-wrap;
  overflow-x: auto;
  padding: ${({ theme }) => theme.spacing(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  font-size: 0.8125rem;
`;

/** A time as the browser's locale writes it. */
const formatDateTime = (isoTimestamp: string) => new Date(isoTimestamp).toLocaleString();

function lastRunText(lastRun: AdminNotificationKind['lastRun']): string {
  if (!lastRun) return M.neverRun;
  const by = lastRun.trigger === 'schedule' ? 'on schedule' : 'by an administrator';
  return `${formatDateTime(lastRun.at)} ${by}, as of ${lastRun.asOf}: ${M.queued(lastRun.queued)}`;
}

/** The mail of a kind with sample data: the HTML in a sandboxed frame (no script, no links followed), and the plain text. */
function Preview({ kind, label }: { kind: NotificationKind; label: string }) {
  const { data: preview, error } = useNotificationPreview(kind);
  if (error) return <FieldError role="alert">{errorMessageOf(error, 'The preview failed to load.')}</FieldError>;
  if (!preview) return <Spinner label="Loading..." />;
  return (
    <section aria-label={`Preview of the ${label} mail`}>
      <Facts>
        <dt>Subject</dt>
        <dd>{preview.subject}</dd>
      </Facts>
      <PreviewFrame title={`${label} mail as HTML`} sandbox="" srcDoc={preview.html} />
      <PlainText aria-label={`${label} mail as plain text`}>{preview.text}</PlainText>
    </section>
  );
}

function KindCard({ entry }: { entry: AdminNotificationKind }) {
  const switchKind = useSwitchOrganisationNotification();
  const runKind = useRunNotification();
  const withToast = useOutcomeToast();
  const [previewOpen, setPreviewOpen] = useState(false);
  const { kind, label, description, enabled, outbox } = entry;
  // Shown switched at once, until the server's answer (read again once it accepted) takes over.
  const [switching, setSwitching] = useState<boolean | null>(null);
  const titleId = `notification-${kind}-title`;

  async function toggle(on: boolean) {
    setSwitching(on);
    await withToast(() => switchKind.run({ kind, enabled: on }), {
      success: `${label} reminders ${on ? 'on' : 'off'} for everyone`,
      failure: M.failedToSwitch,
    });
    setSwitching(null);
  }
  const runNow = () =>
    withToast(() => runKind.run(kind), {
      success: `${label} reminders run`,
      successDescription: (result) => M.queued(result.queued),
      failure: M.failedToRun,
    });

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{label}</CardTitle>
        <Badge $tone={enabled ? 'success' : 'warning'}>{enabled ? 'On' : 'Off'}</Badge>
      </CardHeader>
      <Muted>{description}</Muted>
      <Checkbox
        label={`Send ${label} reminders`}
        checked={switching ?? enabled}
        disabled={switchKind.pending}
        onChange={(event) => void toggle(event.target.checked)}
      />
      <Facts>
        <dt>Last run</dt>
        <dd>{lastRunText(entry.lastRun)}</dd>
        <dt>Outbox</dt>
        <dd>{`${outbox.queued} queued, ${outbox.sent} sent, ${outbox.failed} failed`}</dd>
        {outbox.lastError && (
          <>
            <dt>Last error</dt>
            <dd>{`${outbox.lastError}${outbox.lastErrorAt ? ` (${formatDateTime(outbox.lastErrorAt)})` : ''}`}</dd>
          </>
        )}
      </Facts>
      <Actions>
        <Button onClick={() => void runNow()} disabled={runKind.pending || !enabled}>
          {runKind.pending ? 'Running...' : M.runNow}
        </Button>
        <Button $variant="secondary" aria-expanded={previewOpen} onClick={() => setPreviewOpen((open) => !open)}>
          {previewOpen ? 'Hide preview' : 'Preview'}
        </Button>
      </Actions>
      {previewOpen && <Preview kind={kind} label={label} />}
    </Card>
  );
}

/** The Notifications tab: per reminder kind its switch for everyone, last run, Run now, a preview and the outbox's state. */
export default function Notifications() {
  const { data, error } = useAdminNotifications();
  if (error) return <FieldError role="alert">{errorMessageOf(error, 'Failed to load the notifications.')}</FieldError>;
  if (!data) return <Spinner label="Loading..." />;
  return (
    <Stack>
      {!data.smtpConfigured && <Warning role="status">{M.smtpNotConfigured}</Warning>}
      {data.kinds.map((entry) => (
        <KindCard key={entry.kind} entry={entry} />
      ))}
    </Stack>
  );
}
