import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { FormFieldOptionView, FormFieldType, FormFieldView } from '@tht/contracts';
import { apiRequest, useRefreshAfter, useWrite } from '@tht/ui';
import { fieldOrderChanges, renumbered } from './fieldOrder';

export const FORM_FIELDS_KEY = '/api/form-fields';
const optionsKey = (fieldId: number) => `${FORM_FIELDS_KEY}/${fieldId}/options`;

/** GET /api/form-fields: the entry form's custom fields in their order, select fields with their options. */
export function useFormFields() {
  const { data, error } = useSWR<FormFieldView[], Error>(FORM_FIELDS_KEY);
  return { fields: data, error };
}

/** GET /api/form-fields/{id}/options: a select field's options in their order. */
export function useFieldOptions(fieldId: number) {
  const { data, error } = useSWR<FormFieldOptionView[], Error>(optionsKey(fieldId));
  return { options: data, error };
}

export type FormFieldDraft = { name: string; label: string; type: FormFieldType; required: boolean };

const createField = (field: FormFieldDraft & { order: number }) => apiRequest<FormFieldView>('POST', FORM_FIELDS_KEY, field);
const updateField = ({ id, ...field }: FormFieldDraft & { id: number }) =>
  apiRequest<FormFieldView>('PUT', `${FORM_FIELDS_KEY}/${id}`, field);
const deleteField = (id: number) => apiRequest<unknown>('DELETE', `${FORM_FIELDS_KEY}/${id}`);

/** POST /api/form-fields: a new field, last in the order. */
export const useCreateFormField = () => useWrite('POST /api/form-fields', createField);

/** PUT /api/form-fields/{id}. */
export const useUpdateFormField = () => useWrite('PUT /api/form-fields/{id}', updateField);

/** DELETE /api/form-fields/{id} (its options go with it). */
export const useDeleteFormField = () => useWrite('DELETE /api/form-fields/{id}', deleteField);

const setFieldOrder = ({ fieldId, order }: { fieldId: number; order: number }) =>
  apiRequest<FormFieldView>('PUT', `${FORM_FIELDS_KEY}/${fieldId}/order`, { order });

/**
 * PUT /api/form-fields/{id}/order for every field a move displaced. The list shows the new order
 * at once; it is read again afterwards, success or not (a refused move puts the server's order
 * back, even when some of the changes went through). Rejects when any change failed.
 */
export function useReorderFormFields() {
  const { mutate } = useSWRConfig();
  const refresh = useRefreshAfter('PUT /api/form-fields/{id}/order');
  return useCallback(
    async (reordered: readonly FormFieldView[]) => {
      const changes = fieldOrderChanges(reordered);
      if (changes.length === 0) return;
      const send = async () => {
        await Promise.all(changes.map(setFieldOrder));
        return undefined;
      };
      try {
        await mutate(FORM_FIELDS_KEY, send, {
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

const addOption = ({ fieldId, ...option }: OptionDraft & { fieldId: number; order: number }) =>
  apiRequest<FormFieldOptionView>('POST', optionsKey(fieldId), option);
const updateOption = ({ id, ...option }: OptionDraft & { id: number }) =>
  apiRequest<FormFieldOptionView>('PUT', `/api/form-field-options/${id}`, option);
const deleteOption = (id: number) => apiRequest<unknown>('DELETE', `/api/form-field-options/${id}`);

/** POST /api/form-fields/{id}/options: the value is derived from the label (the server derives it again). */
export const useAddOption = () => useWrite('POST /api/form-fields/{id}/options', addOption);

/** PUT /api/form-field-options/{id}. */
export const useUpdateOption = () => useWrite('PUT /api/form-field-options/{id}', updateOption);

/** DELETE /api/form-field-options/{id}. */
export const useDeleteOption = () => useWrite('DELETE /api/form-field-options/{id}', deleteOption);
