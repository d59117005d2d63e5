import { fullName, sameFullName } from '../accounts/rules';

/** An account a typed manager name may name. */
export interface NamedAccount {
  id: number;
  firstName: string;
  lastName: string;
}

/**
 * The account an entry's typed manager name names (decision 038), whose personal data the name
 * then is: the owner's manager when the name is theirs (trimmed, case aside), else the only
 * account of that full name; null when none or several others have it (the text stays the owner's).
 */
export function entryManagerId(
  managerName: string,
  ownerManagerId: number | null,
  accounts: readonly NamedAccount[],
): number | null {
  const named = accounts.filter((account) => sameFullName(managerName, fullName(account)));
  if (ownerManagerId !== null && named.some((account) => account.id === ownerManagerId)) return ownerManagerId;
  return named.length === 1 ? named[0]!.id : null;
}
