import type { AccountEventData, AccountEventType } from '@tht/contracts';
import type { CommandEvent } from '../platform/commands';

/** A typed account event for `appendAndWait`. */
export function accountEvent<Type extends AccountEventType>(
  type: Type,
  data: AccountEventData[Type],
): CommandEvent<Type, AccountEventData[Type]> {
  return { type, data };
}
