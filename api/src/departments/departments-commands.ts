import { setTimeout as sleep } from 'node:timers/promises';
import { ACCOUNT_MESSAGES as M, departmentStream } from '@tht/contracts';
import type { DepartmentRow } from 'projections';
import type { Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { DomainError } from '../platform/decider';
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

/** How long a caller that lost the race for a department's name waits for the winner's department to be projected. */
const DEPARTMENT_WAIT_MS = 10_000;

/**
 * The department named `name` (ignoring case), created when it does not exist yet (the directory's
 * people, the tests' accounts). Safe to call concurrently: a call that finds the name claimed by
 * another takes that department, once its creation has reached the read models. The claim is lost
 * either at the append (409) or, when the winner's department was projected between this call's
 * two look-ups, in `decide` (a conflict).
 */
export async function ensureDepartment(ctx: AppContext, name: string, actor: Actor): Promise<DepartmentRow> {
  const existing = await findDepartmentByName(ctx.db, name);
  if (existing) return existing;
  try {
    return await createDepartment(ctx, name, actor);
  } catch (error) {
    if (error instanceof DomainError && error.reason === 'conflict') return departmentOnceProjected(ctx, name);
    throw error;
  }
}

/** The department named `name` as soon as the read models show it (the claim's winner may still be writing it). */
async function departmentOnceProjected(ctx: AppContext, name: string): Promise<DepartmentRow> {
  const deadline = Date.now() + DEPARTMENT_WAIT_MS;
  for (;;) {
    const row = await findDepartmentByName(ctx.db, name);
    if (row) return row;
    if (Date.now() > deadline) throw new DomainError('conflict', M.departmentExists);
    await sleep(20);
  }
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
