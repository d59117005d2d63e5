import { Card, PageHeader, Spinner, useCurrentUser } from '@tht/ui';
import { AddEntryForm } from './AddEntryForm';

/** The Add Entry tab (exposed as mf_employee/AddEntry). */
export default function AddEntry() {
  const { user } = useCurrentUser();
  return (
    <section aria-labelledby="add-entry-title">
      <PageHeader title="Add Development Entry" titleId="add-entry-title" />
      <Card>{user ? <AddEntryForm user={user} /> : <Spinner label="Loading..." />}</Card>
    </section>
  );
}
