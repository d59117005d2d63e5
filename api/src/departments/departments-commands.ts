import { ACCOUNT_MESSAGES as M, departmentStream } from '@tht/contracts';
import type { DepartmentRow } from 'projections';
import { accountEvent } from '../accounts/account-events';
import { DEPARTMENT_NAME_RESERVATION, release, withReservation } from '../accounts/reservations';
import { appendAndWait, type Actor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { HttpError } from '../platform/http';
import { countUsersInDepartment, findDepartmentByName, getDepartment } from './departments-queries';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export async function createDepartment(ctx: AppContext, name: string, actor: Actor): Promise<DepartmentRow> {
  if (await findDepartmentByName(ctx.db, name)) throw new HttpError(409, M.departmentExists);
  const departmentId = await ctx.ids.next('department');
  await withReservation(ctx, DEPARTMENT_NAME_RESERVATION, name, departmentId, actor, M.departmentExists, () =>
    appendAndWait(ctx, departmentStream(departmentId), [accountEvent('DepartmentCreated', { departmentId, name })], 'no_stream', actor),
  );
  return getDepartment(ctx.db, departmentId);
}

/** Users of the department move along to the new name (see the users projector). */
export async function renameDepartment(ctx: AppContext, departmentId: number, name: string, actor: Actor): Promise<DepartmentRow> {
  const department = await getDepartment(ctx.db, departmentId);
  if (department.name === name) return department;
  const rename = () =>
    appendAndWait(
      ctx,
      departmentStream(departmentId),
      [accountEvent('DepartmentRenamed', { departmentId, name, previousName: department.name })],
      department.version,
      actor,
    );
  if (sameName(department.name, name)) {
    await rename(); // only the letter case changes: the reservation stays the same
  } else {
    await withReservation(ctx, DEPARTMENT_NAME_RESERVATION, name, departmentId, actor, M.departmentExists, rename);
    await release(ctx, DEPARTMENT_NAME_RESERVATION, department.name, departmentId, actor);
  }
  return getDepartment(ctx.db, departmentId);
}

/** Refused while users still belong to the department, so no user is left with a department that does not exist. */
export async function deleteDepartment(ctx: AppContext, departmentId: number, actor: Actor): Promise<void> {
  const department = await getDepartment(ctx.db, departmentId);
  const members = await countUsersInDepartment(ctx.db, department.name);
  if (members > 0) throw new HttpError(409, M.departmentHasUsers(members));
  await appendAndWait(
    ctx,
    departmentStream(departmentId),
    [accountEvent('DepartmentDeleted', { departmentId, name: department.name })],
    department.version,
    actor,
  );
  await release(ctx, DEPARTMENT_NAME_RESERVATION, department.name, departmentId, actor);
}
