import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { formFieldsRoutes, type FormFieldType, type FormFieldView } from '@tht/contracts';
import { callRoute, readKey, useRead, useRefreshAfter, useWrite } from '@tht/ui';
import { fieldOrderChanges, renumbered } from './fieldOrder';

/** The entry form's custom fields in their order, select fields with their options. */
export function useFormFields() {
  const { data, error } = useRead(formFieldsRoutes.listFormFields, {});
  return { fields: data, error };
}

/** A select field's options in their order. */
export function useFieldOptions(fieldId: number) {
  const { data, error } = useRead(formFieldsRoutes.listFormFieldOptions, { params: { id: fieldId } });
  return { options: data, error };
}

export type FormFieldDraft = { name: string; label: string; type: FormFieldType; required: boolean };

/** A new field, last in the order. */
export const useCreateFormField = () =>
  useWrite(formFieldsRoutes.createFormField, (field: FormFieldDraft & { order: number }) => ({ body: field }));

export const useUpdateFormField = () =>
  useWrite(formFieldsRoutes.updateFormField, ({ id, ...field }: FormFieldDraft & { id: number }) => ({
    params: { id },
    body: field,
  }));

/** Deletes a field; its options go with it. */
export const useDeleteFormField = () => useWrite(formFieldsRoutes.deleteFormField, (id: number) => ({ params: { id } }));

const setFieldOrder = ({ fieldId, order }: { fieldId: number; order: number }) =>
  callRoute(formFieldsRoutes.reorderFormField, { params: { id: fieldId }, body: { order } });

/**
 * PUT /api/form-fields/{id}/order for every field a move displaced. The list shows the new order
 * at once; it is read again afterwards, success or not (a refused move puts the server's order
 * back, even when some of the changes went through). Rejects when any change failed.
 */
export function useReorderFormFields() {
  const { mutate } = useSWRConfig();
  const refresh = useRefreshAfter(formFieldsRoutes.reorderFormField.refreshes);
  return useCallback(
    async (reordered: readonly FormFieldView[]) => {
      const changes = fieldOrderChanges(reordered);
      if (changes.length === 0) return;
      const send = async () => {
        await Promise.all(changes.map(setFieldOrder));
        return undefined;
      };
      try {
        await mutate(readKey(formFieldsRoutes.listFormFields, {}), send, {
          optimisticData: renumbered(reordered),
          populateCache: false,
          rollbackOnError: true,
          revalidate: false,
        });
      } finally {
        void refresh();
      }
    },
    [mutate, refresh],
  );
}

export type OptionDraft = { label: string; value: string };

/** The value is derived from the label (the server derives it again). */
export const useAddOption = () =>
  useWrite(formFieldsRoutes.createFormFieldOption, ({ fieldId, ...option }: OptionDraft & { fieldId: number; order: number }) => ({
    params: { id: fieldId },
    body: option,
  }));

export const useUpdateOption = () =>
  useWrite(formFieldsRoutes.updateFormFieldOption, ({ id, ...option }: OptionDraft & { id: number }) => ({
    params: { id },
    body: option,
  }));

export const useDeleteOption = () => useWrite(formFieldsRoutes.deleteFormFieldOption, (id: number) => ({ params: { id } }));
