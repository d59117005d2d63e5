import { ACCOUNT_MESSAGES as M, departmentStream } from '@tht/contracts';
import type { DepartmentRow } from 'projections';
import { DEPARTMENT_NAME_RESERVATION, release, withReservation } from '../accounts/reservations';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { handleCommand, loadState, type CommandRequest } from '../platform/handle-command';
import {
  departmentDecider,
  sameDepartmentName,
  type DepartmentCommand,
  type DepartmentEvent,
  type DepartmentState,
} from './department-decider';
import { countUsersInDepartment, findDepartmentByName, getDepartment } from './departments-queries';

type AroundAppend = NonNullable<CommandRequest<DepartmentState, DepartmentCommand, DepartmentEvent>['aroundAppend']>;

/**
 * A department's name is held on its reservation stream while the change is appended, so of two
 * simultaneous claims of one name exactly one wins; a name given up becomes free again.
 */
function holdingTheName(ctx: AppContext, actor: Actor): AroundAppend {
  return async (events, _state, append) => {
    const event = events[0]!;
    const { departmentId } = event.data;
    const appendHolding = (name: string) =>
      withReservation(ctx, DEPARTMENT_NAME_RESERVATION, name, departmentId, actor, M.departmentExists, append);
    const free = (name: string) => release(ctx, DEPARTMENT_NAME_RESERVATION, name, departmentId, actor);
    switch (event.type) {
      case 'DepartmentCreated':
        return appendHolding(event.data.name);
      case 'DepartmentRenamed': {
        if (sameDepartmentName(event.data.name, event.data.previousName)) return append(); // same reservation
        const appended = await appendHolding(event.data.name);
        await free(event.data.previousName);
        return appended;
      }
      case 'DepartmentDeleted': {
        const appended = await append();
        await free(event.data.name);
        return appended;
      }
    }
  };
}

function decideOnDepartment(ctx: AppContext, departmentId: number, command: DepartmentCommand, actor: Actor) {
  return handleCommand(ctx, departmentDecider, {
    stream: departmentStream(departmentId),
    command,
    actor,
    aroundAppend: holdingTheName(ctx, actor),
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
