import { fullName, fullNameKey } from '../accounts/rules';

/** An account a typed manager name may name. */
export interface NamedAccount {
  id: number;
  firstName: string;
  lastName: string;
}

/** Accounts by the key of their full name (`fullNameKey`): where typed manager names are looked up. */
export type AccountsByFullName = ReadonlyMap<string, readonly NamedAccount[]>;

export function accountsByFullName(accounts: readonly NamedAccount[]): AccountsByFullName {
  const byName = new Map<string, NamedAccount[]>();
  for (const account of accounts) {
    const key = fullNameKey(fullName(account));
    const namesakes = byName.get(key);
    if (namesakes) namesakes.push(account);
    else byName.set(key, [account]);
  }
  return byName;
}

/**
 * The account an entry's typed manager name names (decision 038), whose personal data the name
 * then is: the owner's manager when the name is theirs (trimmed, case aside), else the only
 * account of that full name; null when none or several others have it (the text stays the owner's).
 */
export function entryManagerId(managerName: string, ownerManagerId: number | null, accounts: AccountsByFullName): number | null {
  const named = accounts.get(fullNameKey(managerName)) ?? [];
  if (ownerManagerId !== null && named.some((account) => account.id === ownerManagerId)) return ownerManagerId;
  return named.length === 1 ? named[0]!.id : null;
}
