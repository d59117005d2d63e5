import {
  ACCOUNT_MESSAGES,
  TARGET_MESSAGES as M,
  type TargetEvent,
  type UserTargetFields,
  type YearlyTargetFields,
} from '@tht/contracts';
import { DomainError, type Decider } from '../platform/decider';

type YearlyTargetEvent = Extract<TargetEvent, { type: 'YearlyTargetCreated' | 'YearlyTargetUpdated' }>;
type UserTargetEvent = Extract<TargetEvent, { type: 'UserTargetCreated' | 'UserTargetUpdated' }>;

/** Every target event carries the whole record, so a stream's state is its last event's data. */
const lastRecord = <Fields>(_state: Fields | null, event: { data: Fields }): Fields | null => event.data;

/** A yearly target (= fiscal year), stream `yearly-target-<year>`; null when none was created. */
export type YearlyTargetState = YearlyTargetFields | null;

export type YearlyTargetCommand =
  | ({ type: 'CreateYearlyTarget' } & YearlyTargetFields)
  /** A missing description keeps the current one. */
  | { type: 'UpdateYearlyTarget'; year: number; targetHours: number; description?: string | null | undefined };

export const yearlyTargetDecider: Decider<YearlyTargetState, YearlyTargetCommand, YearlyTargetEvent> = {
  initialState: () => null,
  evolve: lastRecord,
  decide(command, state) {
    if (command.type === 'CreateYearlyTarget') {
      if (state) throw new DomainError('conflict', M.yearlyTargetExists(command.year));
      const { type: _type, ...fields } = command;
      return [{ type: 'YearlyTargetCreated', data: fields }];
    }
    if (!state) throw new DomainError('not-found', M.yearlyTargetNotFound(command.year));
    const next: YearlyTargetFields = {
      ...state,
      targetHours: command.targetHours,
      description: command.description === undefined ? state.description : command.description,
    };
    if (next.targetHours === state.targetHours && next.description === state.description) return [];
    return [{ type: 'YearlyTargetUpdated', data: next }];
  },
};

/** A person's target of a year, their stream `user-target-<userId>-<year>`; null when none was set there. */
export type UserTargetState = UserTargetFields | null;

/** What the handler reads beyond the person's own stream. */
interface UserTargetFacts {
  /** Whether the person's account exists. */
  userExists: boolean;
  /**
   * The person's target as the handler read it: the latest of their own stream and the year's bulk
   * assignments (see target-assignments.ts); null when they had none.
   */
  current: UserTargetFields | null;
}

/** A change of a person's target as asked; the handler adds `UserTargetFacts`. */
export type UserTargetChange =
  | ({ type: 'CreateUserTarget' } & UserTargetFields)
  /** A missing reason keeps the current one; `setBy` is the acting user. */
  | ({ type: 'UpdateUserTarget'; reason?: string | null | undefined } & Omit<UserTargetFields, 'userTargetId' | 'reason'>);

export type UserTargetCommand = UserTargetChange & UserTargetFacts;

export const userTargetDecider: Decider<UserTargetState, UserTargetCommand, UserTargetEvent> = {
  initialState: () => null,
  evolve: lastRecord,
  decide(command, state) {
    if (!command.userExists) throw new DomainError('not-found', ACCOUNT_MESSAGES.userNotFound);
    // The own stream's state counts when the handler saw no target: another creation won the race.
    const current = command.current ?? state;
    if (command.type === 'CreateUserTarget') {
      if (current) throw new DomainError('conflict', M.userTargetExists(command.year));
      const { userTargetId, userId, year, targetHours, reason, setBy } = command;
      return [{ type: 'UserTargetCreated', data: { userTargetId, userId, year, targetHours, reason, setBy } }];
    }
    if (!current) throw new DomainError('not-found', M.userTargetNotFound(command.year));
    const next: UserTargetFields = {
      ...current,
      targetHours: command.targetHours,
      reason: command.reason === undefined ? current.reason : command.reason,
      setBy: command.setBy,
    };
    const unchanged = next.targetHours === current.targetHours && next.reason === current.reason && next.setBy === current.setBy;
    return unchanged ? [] : [{ type: 'UserTargetUpdated', data: next }];
  },
};
