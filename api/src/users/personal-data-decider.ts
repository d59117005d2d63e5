import { ACCOUNT_MESSAGES as M, type PersonalDataFormat, type ProductEvent } from '@tht/contracts';
import { DomainError, type Decider } from '../platform/decider';

/** A copy of the person's data is taken (`format`): recorded on their stream before it is handed over. */
export interface ExportPersonalData {
  userId: number;
  format: PersonalDataFormat;
}

type AccountOpened = ProductEvent<'UserRegistered' | 'UserCreated'>;
export type PersonalDataEvent = AccountOpened | ProductEvent<'PersonalDataExported'>;

/** Whether the account was ever opened: a deleted account's data is still held, and can still be asked for. */
export interface PersonalDataState {
  opened: boolean;
}

/** Every download is recorded; only an account that never existed has nothing to download (404). */
export const personalDataDecider: Decider<PersonalDataState, ExportPersonalData, PersonalDataEvent> = {
  initialState: () => ({ opened: false }),
  evolve: (state, event) => (event.type === 'UserRegistered' || event.type === 'UserCreated' ? { opened: true } : state),
  decide: ({ userId, format }, { opened }) => {
    if (!opened) throw new DomainError('not-found', M.userNotFound);
    return [{ type: 'PersonalDataExported', data: { userId, format } }];
  },
};
