import {
  FORM_FIELD_MESSAGES as M,
  formFieldNameReservationStream,
  formFieldStream,
  optionValueFromLabel,
  type FormFieldCreateInput,
  type FormFieldEventData,
  type FormFieldEventType,
  type FormFieldOptionView,
  type FormFieldProperties,
  type FormFieldUpdateInput,
  type FormFieldView,
} from '@tht/contracts';
import { release, reserve, withReservation } from '../accounts/reservations';
import { appendAndWait, type Actor, type CommandEvent } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { HttpError } from '../platform/http';
import { loadFormField, type FormFieldState } from './form-field-stream';
import { findOptionRow, getFormField, nextFieldOrder, toOptionView } from './form-fields-queries';

function formFieldEvent<Type extends FormFieldEventType>(
  type: Type,
  data: FormFieldEventData[Type],
): CommandEvent<Type, FormFieldEventData[Type]> {
  return { type, data };
}

/** Field names are keys of entries' custom values, so no two fields share one (ignoring case). */
const FORM_FIELD_NAME_RESERVATION: Parameters<typeof reserve>[1] = {
  stream: formFieldNameReservationStream,
  reserved: 'FormFieldNameReserved',
  released: 'FormFieldNameReleased',
  data: (name: string, fieldId: number) => ({ name, fieldId }),
  ownerOf: (data: FormFieldEventData['FormFieldNameReserved']) => data.fieldId,
};

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

async function loadLiveField(ctx: AppContext, fieldId: number): Promise<FormFieldState> {
  const state = await loadFormField(ctx, fieldId);
  if (!state || state.deleted) throw new HttpError(404, M.fieldNotFound);
  return state;
}

function appendToField(ctx: AppContext, state: FormFieldState, event: CommandEvent, actor: Actor) {
  return appendAndWait(ctx, formFieldStream(state.fieldId), [event], state.version, actor);
}

/** New fields go last: order max + 1 (a sent order is ignored). */
export async function addFormField(ctx: AppContext, input: FormFieldCreateInput, actor: Actor): Promise<FormFieldView> {
  const properties: FormFieldProperties = { name: input.name, label: input.label, type: input.type, required: input.required === true };
  const fieldId = await ctx.ids.next('formField');
  const order = await nextFieldOrder(ctx.db);
  await withReservation(ctx, FORM_FIELD_NAME_RESERVATION, properties.name, fieldId, actor, M.nameTaken(properties.name), () =>
    appendAndWait(ctx, formFieldStream(fieldId), [formFieldEvent('FormFieldAdded', { fieldId, ...properties, order })], 'no_stream', actor),
  );
  return getFormField(ctx.db, fieldId);
}

export async function editFormField(ctx: AppContext, fieldId: number, input: FormFieldUpdateInput, actor: Actor): Promise<FormFieldView> {
  const state = await loadLiveField(ctx, fieldId);
  const next: FormFieldProperties = {
    name: input.name ?? state.name,
    label: input.label ?? state.label,
    type: input.type ?? state.type,
    required: input.required ?? state.required,
  };
  const unchanged = (Object.keys(next) as (keyof FormFieldProperties)[]).every((key) => next[key] === state[key]);
  if (unchanged) return getFormField(ctx.db, fieldId);
  const edit = () => appendToField(ctx, state, formFieldEvent('FormFieldEdited', { fieldId, ...next, previousName: state.name }), actor);
  if (sameName(next.name, state.name)) {
    await edit();
  } else {
    await withReservation(ctx, FORM_FIELD_NAME_RESERVATION, next.name, fieldId, actor, M.nameTaken(next.name), edit);
    await release(ctx, FORM_FIELD_NAME_RESERVATION, state.name, fieldId, actor);
  }
  return getFormField(ctx.db, fieldId);
}

/** The field's options go with it (one event); its name becomes free again. */
export async function deleteFormField(ctx: AppContext, fieldId: number, actor: Actor): Promise<void> {
  const state = await loadLiveField(ctx, fieldId);
  await appendToField(ctx, state, formFieldEvent('FormFieldDeleted', { fieldId, name: state.name }), actor);
  await release(ctx, FORM_FIELD_NAME_RESERVATION, state.name, fieldId, actor);
}

export async function reorderFormField(ctx: AppContext, fieldId: number, order: number, actor: Actor): Promise<FormFieldView> {
  const state = await loadLiveField(ctx, fieldId);
  if (state.order !== order) await appendToField(ctx, state, formFieldEvent('FormFieldReordered', { fieldId, order }), actor);
  return getFormField(ctx.db, fieldId);
}

function assertValueFree(state: FormFieldState, value: string, exceptOptionId?: number): void {
  if (state.options.some((option) => option.value === value && option.optionId !== exceptOptionId)) {
    throw new HttpError(409, M.optionValueTaken(value));
  }
}

async function optionView(ctx: AppContext, optionId: number): Promise<FormFieldOptionView> {
  const row = await findOptionRow(ctx.db, optionId);
  if (!row) throw new HttpError(404, M.optionNotFound);
  return toOptionView(row);
}

/** Options belong to select fields; the value is derived from the label; without an order they go last. */
export async function addOption(
  ctx: AppContext,
  fieldId: number,
  input: { label: string; order?: number | undefined },
  actor: Actor,
): Promise<FormFieldOptionView> {
  const state = await loadLiveField(ctx, fieldId);
  if (state.type !== 'select') throw new HttpError(400, M.optionsOnlyForSelect);
  const value = optionValueFromLabel(input.label);
  assertValueFree(state, value);
  const optionId = await ctx.ids.next('formFieldOption');
  const order = input.order ?? Math.max(0, ...state.options.map((option) => option.order)) + 1;
  await appendToField(ctx, state, formFieldEvent('FormFieldOptionAdded', { fieldId, optionId, value, label: input.label, order }), actor);
  return optionView(ctx, optionId);
}

/** The field an option belongs to, with the option; 404 when either is gone. */
async function loadOptionOwner(ctx: AppContext, optionId: number): Promise<FormFieldState> {
  const row = await findOptionRow(ctx.db, optionId);
  const state = row ? await loadFormField(ctx, row.field_id) : null;
  if (!state || state.deleted || !state.options.some((option) => option.optionId === optionId)) {
    throw new HttpError(404, M.optionNotFound);
  }
  return state;
}

export async function editOption(ctx: AppContext, optionId: number, label: string, actor: Actor): Promise<FormFieldOptionView> {
  const state = await loadOptionOwner(ctx, optionId);
  const value = optionValueFromLabel(label);
  assertValueFree(state, value, optionId);
  const current = state.options.find((option) => option.optionId === optionId)!;
  if (current.label !== label || current.value !== value) {
    await appendToField(ctx, state, formFieldEvent('FormFieldOptionEdited', { fieldId: state.fieldId, optionId, value, label }), actor);
  }
  return optionView(ctx, optionId);
}

export async function deleteOption(ctx: AppContext, optionId: number, actor: Actor): Promise<void> {
  const state = await loadOptionOwner(ctx, optionId);
  await appendToField(ctx, state, formFieldEvent('FormFieldOptionDeleted', { fieldId: state.fieldId, optionId }), actor);
}
