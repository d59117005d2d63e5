import {
  defaultBulkTargetHours,
  ACCOUNT_MESSAGES,
  TARGET_MESSAGES as M,
  type TargetEventData,
  type UserTargetFields,
} from '@tht/contracts';
import { DomainError, type CommandEvent, type Decider } from '../platform/decider';

export type BulkTargetEvent =
  | CommandEvent<'UserTargetCreated', TargetEventData['UserTargetCreated']>
  | CommandEvent<'UserTargetUpdated', TargetEventData['UserTargetUpdated']>;

/** What the year's assignment stream knows: the latest target it set for each person. */
export interface BulkTargetsState {
  assigned: ReadonlyMap<number, UserTargetFields>;
}

/**
 * Set one target for many people of a year (a person's target is updated if one
 * exists, else created). The handler reads what lies beyond the stream into the command.
 */
export interface AssignTargets {
  year: number;
  /** Absent: the bulk default (the most common target of the year, else the fallback rule). */
  targetHours?: number | undefined;
  reason: string;
  /** The people to set it for; absent: every account. */
  userIds?: readonly number[] | undefined;
  setBy: number | null;
  /** Every account's id, in the order the results list them. */
  accounts: readonly number[];
  /** Every person's current target of the year (the read model, which includes all answered commands). */
  currentTargets: ReadonlyMap<number, UserTargetFields>;
  /** The organisation's target of the year, if set (for the fallback default). */
  yearlyTargetHours: number | null;
  /** Fresh ids for the targets to create, one per person `peopleWithoutTarget` lists, in its order. */
  newTargetIds: readonly number[];
}

type PeopleAndTargets = Pick<AssignTargets, 'userIds' | 'accounts' | 'currentTargets'>;

const targetOf = ({ currentTargets }: PeopleAndTargets, state: BulkTargetsState, userId: number) =>
  currentTargets.get(userId) ?? state.assigned.get(userId);

/** The people the command is for, or a refusal: none ('No users found') or an unknown id. */
function chosenPeople({ userIds, accounts }: PeopleAndTargets): number[] {
  const people = userIds ? [...new Set(userIds)] : [...accounts];
  if (people.length === 0) throw new DomainError('invalid', M.noUsers);
  const known = new Set(accounts);
  if (people.some((userId) => !known.has(userId))) throw new DomainError('not-found', ACCOUNT_MESSAGES.userNotFound);
  return people;
}

/** The people of the command who have no target for the year yet: the handler allocates their ids. */
export function peopleWithoutTarget(command: PeopleAndTargets, state: BulkTargetsState): number[] {
  return chosenPeople(command).filter((userId) => !targetOf(command, state, userId));
}

/**
 * The hours to assign: as asked, else the most common target of the year, else
 * the yearly target shared among all accounts, else 100 (capped at a person's maximum).
 */
export function bulkTargetHours(command: AssignTargets, state: BulkTargetsState): number {
  if (command.targetHours !== undefined) return command.targetHours;
  const hoursOfYear = command.accounts.flatMap((userId) => targetOf(command, state, userId)?.targetHours ?? []);
  const fallback = { yearlyTargetHours: command.yearlyTargetHours, totalUsers: command.accounts.length };
  return defaultBulkTargetHours(hoursOfYear, fallback);
}

export const bulkTargetsDecider: Decider<BulkTargetsState, AssignTargets, BulkTargetEvent> = {
  initialState: () => ({ assigned: new Map() }),
  evolve: (state, event) => ({ assigned: new Map(state.assigned).set(event.data.userId, event.data) }),
  decide(command, state) {
    const people = chosenPeople(command);
    const targetHours = bulkTargetHours(command, state);
    const newIds = [...command.newTargetIds];
    const { year, reason, setBy } = command;
    return people.flatMap((userId): BulkTargetEvent[] => {
      const current = targetOf(command, state, userId);
      if (!current) {
        const userTargetId = newIds.shift();
        if (userTargetId === undefined) throw new Error('bulk targets: fewer new ids than people without a target');
        return [{ type: 'UserTargetCreated', data: { userTargetId, userId, year, targetHours, reason, setBy } }];
      }
      if (current.targetHours === targetHours && current.reason === reason && current.setBy === setBy) return [];
      return [{ type: 'UserTargetUpdated', data: { ...current, targetHours, reason, setBy } }];
    });
  },
};
