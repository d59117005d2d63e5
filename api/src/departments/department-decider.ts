import { ACCOUNT_MESSAGES as M, CONFLICT_MESSAGE, type AccountEvent } from '@tht/contracts';
import { DomainError, type Decider, type NameClaim } from '../platform/decider';

export type DepartmentEvent = Extract<AccountEvent, { type: 'DepartmentCreated' | 'DepartmentRenamed' | 'DepartmentDeleted' }>;

/** A department as its stream (`department-<id>`) tells it; null when it was never created. */
export type DepartmentState = { departmentId: number; name: string; deleted: boolean } | null;

/** The department that has a name, ignoring letter case (read by the handler); null when none has. */
interface NameHolder {
  nameHolderId: number | null;
}

export type DepartmentCommand =
  | ({ type: 'CreateDepartment'; departmentId: number; name: string } & NameHolder)
  | ({ type: 'RenameDepartment'; name: string } & NameHolder)
  /** `members`: how many users belong to the department (read by the handler). */
  | { type: 'DeleteDepartment'; members: number };

/** Department names are unique ignoring letter case (and surrounding spaces). */
export const sameDepartmentName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The name a change holds on its reservation stream and the one it frees (a change of letter case keeps the same). */
export function nameClaimOf(event: DepartmentEvent): NameClaim {
  switch (event.type) {
    case 'DepartmentCreated':
      return { take: event.data.name };
    case 'DepartmentRenamed':
      return sameDepartmentName(event.data.name, event.data.previousName)
        ? {}
        : { take: event.data.name, giveUp: event.data.previousName };
    case 'DepartmentDeleted':
      return { giveUp: event.data.name };
  }
}

function liveDepartment(state: DepartmentState): NonNullable<DepartmentState> {
  if (!state || state.deleted) throw new DomainError('not-found', M.departmentNotFound);
  return state;
}

function assertNameFree(nameHolderId: number | null, departmentId: number): void {
  if (nameHolderId !== null && nameHolderId !== departmentId) throw new DomainError('conflict', M.departmentExists);
}

function decide(command: DepartmentCommand, state: DepartmentState): DepartmentEvent[] {
  switch (command.type) {
    case 'CreateDepartment': {
      if (state) throw new DomainError('conflict', CONFLICT_MESSAGE);
      const { departmentId, name } = command;
      assertNameFree(command.nameHolderId, departmentId);
      return [{ type: 'DepartmentCreated', data: { departmentId, name } }];
    }
    case 'RenameDepartment': {
      const { departmentId, name: previousName } = liveDepartment(state);
      if (command.name === previousName) return [];
      assertNameFree(command.nameHolderId, departmentId);
      return [{ type: 'DepartmentRenamed', data: { departmentId, name: command.name, previousName } }];
    }
    case 'DeleteDepartment': {
      const { departmentId, name } = liveDepartment(state);
      // No user may be left with a department that does not exist.
      if (command.members > 0) throw new DomainError('conflict', M.departmentHasUsers(command.members));
      return [{ type: 'DepartmentDeleted', data: { departmentId, name } }];
    }
  }
}

function evolve(state: DepartmentState, event: DepartmentEvent): DepartmentState {
  switch (event.type) {
    case 'DepartmentCreated':
      return { departmentId: event.data.departmentId, name: event.data.name, deleted: false };
    case 'DepartmentRenamed':
      return state && { ...state, name: event.data.name };
    case 'DepartmentDeleted':
      return state && { ...state, deleted: true };
  }
}

/** One department's stream: created, renamed, deleted. Its name is also held on a reservation stream. */
export const departmentDecider: Decider<DepartmentState, DepartmentCommand, DepartmentEvent> = {
  initialState: () => null,
  evolve,
  decide,
};
