import { useState } from 'react';
import styled from 'styled-components';
import { ADMIN_MESSAGES as M, type FormFieldView } from '@tht/contracts';
import { Badge, Button, DashboardSection, EmptyText, moveTo, ReorderableList, useToast, errorMessageOf } from '@tht/ui';
import { DeleteConfirmation } from '../panel/DeleteConfirmation';
import { RowActions } from '../panel/RowActions';
import { FIELD_TYPE_LABELS, FormFieldDialog } from './FormFieldDialog';
import { OptionManagerDialog } from './OptionManagerDialog';
import { useDeleteFormField, useFormFields, useReorderFormFields } from './formFieldsApi';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(3)};
`;

const FieldSummary = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.spacing(2)};
  & strong { font-weight: 600; }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.875rem;
`;

const Hint = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing(3)};
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.875rem;
`;

type FieldDialog = { kind: 'add' } | { kind: 'edit' | 'options' | 'delete'; field: FormFieldView } | null;

function FieldRow({ field, onOpen }: { field: FormFieldView; onOpen: (dialog: FieldDialog) => void }) {
  return (
    <Row>
      <FieldSummary>
        <strong>{field.label}</strong>
        <Muted>{FIELD_TYPE_LABELS[field.type]}</Muted>
        {field.type === 'select' && <Muted>{field.options.length === 1 ? '1 option' : `${field.options.length} options`}</Muted>}
        {field.required && <Badge $tone="warning">Required</Badge>}
      </FieldSummary>
      <RowActions
        name={field.label}
        onEdit={() => onOpen({ kind: 'edit', field })}
        onDelete={() => onOpen({ kind: 'delete', field })}
      >
        {field.type === 'select' && (
          <Button
            $variant="secondary"
            aria-label={`Manage options of ${field.label}`}
            onClick={() => onOpen({ kind: 'options', field })}
          >
            Options
          </Button>
        )}
      </RowActions>
    </Row>
  );
}

/**
 * The Form Fields tab: the entry form's custom fields in their order, reordered by dragging a row,
 * with the keyboard or with the move buttons (each displaced field is sent its new order); add,
 * edit and delete fields, and manage a select field's options.
 */
export default function FormFields() {
  const { fields, error } = useFormFields();
  const reorder = useReorderFormFields();
  const remove = useDeleteFormField();
  const { showToast } = useToast();
  const [dialog, setDialog] = useState<FieldDialog>(null);
  const close = () => setDialog(null);

  async function move(all: readonly FormFieldView[], fieldId: number, targetIndex: number) {
    const field = all.find((candidate) => candidate.id === fieldId);
    if (!field) return;
    try {
      await reorder(moveTo(all, field, targetIndex));
    } catch (failure) {
      showToast({
        title: M.failedToUpdateFieldOrder,
        description: errorMessageOf(failure, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <DashboardSection
      title={M.tabs.formFields}
      data={fields}
      error={error}
      loadingLabel="Loading..."
      what="form fields"
      actions={() => <Button onClick={() => setDialog({ kind: 'add' })}>Add Field</Button>}
    >
      {(loaded) => (
        <>
          {loaded.length === 0 ? (
            <EmptyText>No custom fields yet: the Add Entry form shows only its standard fields.</EmptyText>
          ) : (
            <>
              <Hint>
                These fields appear on the Add Entry form in this order. Drag a field by its handle, or focus the handle and use
                Space and the arrow keys, to move it.
              </Hint>
              <ReorderableList
                label="Custom form fields"
                noun="field"
                layout="row"
                items={loaded.map((field) => ({
                  id: field.id,
                  title: field.label,
                  content: <FieldRow field={field} onOpen={setDialog} />,
                }))}
                onMove={(fieldId, targetIndex) => void move(loaded, fieldId, targetIndex)}
              />
            </>
          )}
          {dialog?.kind === 'add' && <FormFieldDialog fields={loaded} onClose={close} />}
          {dialog?.kind === 'edit' && <FormFieldDialog field={dialog.field} fields={loaded} onClose={close} />}
          {dialog?.kind === 'options' && <OptionManagerDialog field={dialog.field} onClose={close} />}
          <DeleteConfirmation
            item={dialog?.kind === 'delete' ? dialog.field : null}
            title="Delete Form Field"
            message={(field) => `Are you sure you want to delete the field ${field.label}? Its options are deleted with it.`}
            remove={(field) => remove.run(field.id)}
            pending={remove.pending}
            outcome={(field) => ({
              success: 'Form field deleted',
              successDescription: field.label,
              failure: M.failedToDeleteFormField,
            })}
            onDone={close}
          />
        </>
      )}
    </DashboardSection>
  );
}
