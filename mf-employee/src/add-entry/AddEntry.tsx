import { PageHeader } from '@tht/ui';

/** The Add Entry tab (exposed as mf_employee/AddEntry). */
export default function AddEntry() {
  return (
    <section aria-labelledby="add-entry-title">
      <PageHeader title="Add Development Entry" titleId="add-entry-title" />
    </section>
  );
}
