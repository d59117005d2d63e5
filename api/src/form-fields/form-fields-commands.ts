import {
  FORM_FIELD_MESSAGES as M,
  formFieldStream,
  type FormFieldCreateInput,
  type FormFieldOptionView,
  type FormFieldUpdateInput,
  type FormFieldView,
} from '@tht/contracts';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { DomainError } from '../platform/decider';
import { handleCommand } from '../platform/handle-command';
import { appendClaiming, type NameHolder } from '../platform/name-claims';
import { FORM_FIELD_NAME_RESERVATION, reservationHolder } from '../platform/reservations';
import { formFieldDecider, nameClaimOf, type FormFieldCommand } from './form-field-decider';
import { findOptionRow, getFormField, nextFieldOrder, toOptionView } from './form-fields-queries';

/**
 * A field's name is held on its reservation stream while the change is appended, so of two
 * simultaneous claims of one name exactly one wins; a name given up becomes free again.
 */
function nameHolder(ctx: AppContext, fieldId: number, actor: Actor): NameHolder {
  return reservationHolder(ctx, FORM_FIELD_NAME_RESERVATION, fieldId, actor, M.nameTaken);
}

function decideOnField(ctx: AppContext, fieldId: number, command: FormFieldCommand, actor: Actor) {
  return handleCommand(ctx, formFieldDecider, {
    stream: formFieldStream(fieldId),
    command,
    actor,
    aroundAppend: ([event], _state, append) => appendClaiming(nameHolder(ctx, fieldId, actor), nameClaimOf(event!), append),
  });
}

/** New fields go last: order max + 1 (a sent order is ignored). */
export async function addFormField(ctx: AppContext, input: FormFieldCreateInput, actor: Actor): Promise<FormFieldView> {
  const properties = { name: input.name, label: input.label, type: input.type, required: input.required === true };
  const fieldId = await ctx.ids.next('formField');
  await decideOnField(ctx, fieldId, { type: 'AddFormField', fieldId, properties, order: await nextFieldOrder(ctx.db) }, actor);
  return getFormField(ctx.db, fieldId);
}

export async function editFormField(
  ctx: AppContext,
  fieldId: number,
  changes: FormFieldUpdateInput,
  actor: Actor,
): Promise<FormFieldView> {
  await decideOnField(ctx, fieldId, { type: 'EditFormField', changes }, actor);
  return getFormField(ctx.db, fieldId);
}

export async function deleteFormField(ctx: AppContext, fieldId: number, actor: Actor): Promise<void> {
  await decideOnField(ctx, fieldId, { type: 'DeleteFormField' }, actor);
}

export async function reorderFormField(ctx: AppContext, fieldId: number, order: number, actor: Actor): Promise<FormFieldView> {
  await decideOnField(ctx, fieldId, { type: 'ReorderFormField', order }, actor);
  return getFormField(ctx.db, fieldId);
}

async function optionView(ctx: AppContext, optionId: number): Promise<FormFieldOptionView> {
  const row = await findOptionRow(ctx.db, optionId);
  if (!row) throw new DomainError('not-found', M.optionNotFound);
  return toOptionView(row);
}

/** Options belong to select fields; the value is derived from the label (a sent value is ignored). */
export async function addOption(
  ctx: AppContext,
  fieldId: number,
  input: { label: string; order?: number | undefined },
  actor: Actor,
): Promise<FormFieldOptionView> {
  const optionId = await ctx.ids.next('formFieldOption');
  await decideOnField(ctx, fieldId, { type: 'AddOption', optionId, ...input }, actor);
  return optionView(ctx, optionId);
}

/** Decides on the stream of the field an option belongs to (found through the read model). */
async function decideOnOption(ctx: AppContext, optionId: number, command: FormFieldCommand, actor: Actor) {
  const row = await findOptionRow(ctx.db, optionId);
  if (!row) throw new DomainError('not-found', M.optionNotFound);
  await decideOnField(ctx, row.field_id, command, actor);
}

export async function editOption(ctx: AppContext, optionId: number, label: string, actor: Actor): Promise<FormFieldOptionView> {
  await decideOnOption(ctx, optionId, { type: 'EditOption', optionId, label }, actor);
  return optionView(ctx, optionId);
}

export async function deleteOption(ctx: AppContext, optionId: number, actor: Actor): Promise<void> {
  await decideOnOption(ctx, optionId, { type: 'DeleteOption', optionId }, actor);
}
