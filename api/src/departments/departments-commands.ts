import { ACCOUNT_MESSAGES as M, departmentStream } from '@tht/contracts';
import type { DepartmentRow } from 'projections';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { handleCommand, loadState } from '../platform/handle-command';
import { appendClaiming, type NameHolder } from '../platform/name-claims';
import { DEPARTMENT_NAME_RESERVATION, reservationHolder } from '../platform/reservations';
import { departmentDecider, nameClaimOf, type DepartmentCommand } from './department-decider';
import { countUsersInDepartment, findDepartmentByName, getDepartment } from './departments-queries';

/**
 * A department's name is held on its reservation stream while the change is appended, so of two
 * simultaneous claims of one name exactly one wins; a name given up becomes free again.
 */
function nameHolder(ctx: AppContext, departmentId: number, actor: Actor): NameHolder {
  return reservationHolder(ctx, DEPARTMENT_NAME_RESERVATION, departmentId, actor, () => M.departmentExists);
}

function decideOnDepartment(ctx: AppContext, departmentId: number, command: DepartmentCommand, actor: Actor) {
  return handleCommand(ctx, departmentDecider, {
    stream: departmentStream(departmentId),
    command,
    actor,
    aroundAppend: ([event], _state, append) => appendClaiming(nameHolder(ctx, departmentId, actor), nameClaimOf(event!), append),
  });
}

async function nameHolderId(ctx: AppContext, name: string): Promise<number | null> {
  return (await findDepartmentByName(ctx.db, name))?.id ?? null;
}

export async function createDepartment(ctx: AppContext, name: string, actor: Actor): Promise<DepartmentRow> {
  const holder = await nameHolderId(ctx, name);
  const departmentId = await ctx.ids.next('department');
  await decideOnDepartment(ctx, departmentId, { type: 'CreateDepartment', departmentId, name, nameHolderId: holder }, actor);
  return getDepartment(ctx.db, departmentId);
}

/** Users of the department move along to the new name (see the users projector). */
export async function renameDepartment(ctx: AppContext, departmentId: number, name: string, actor: Actor): Promise<DepartmentRow> {
  const command = { type: 'RenameDepartment', name, nameHolderId: await nameHolderId(ctx, name) } as const;
  await decideOnDepartment(ctx, departmentId, command, actor);
  return getDepartment(ctx.db, departmentId);
}

/** Refused while users still belong to the department. */
export async function deleteDepartment(ctx: AppContext, departmentId: number, actor: Actor): Promise<void> {
  const department = await loadState(ctx, departmentDecider, departmentStream(departmentId));
  const members = department ? await countUsersInDepartment(ctx.db, department.name) : 0;
  await decideOnDepartment(ctx, departmentId, { type: 'DeleteDepartment', members }, actor);
}
