import { randomUUID } from 'node:crypto';
import { newerReadAfter, READ_AFTER_HEADER } from '@tht/contracts';
import type { ProductTarget } from './product';

/**
 * Set-up through the product's HTTP API (what an admin's screens would do, only faster), so each
 * browser test or benchmark starts from the state it needs and drives only the flow it is about.
 */

export type Role = 'employee' | 'manager' | 'hr' | 'smt' | 'admin';

export interface Account {
  id: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
}

export const E2E_DEPARTMENT = 'E2E Department';

/** Every account made here ends up with this password (at least 8 characters). */
export const ACCOUNT_PASSWORD = 'Account-password-1';

/** A unique work address in the organisation's domain (the harness starts the product with example.com). */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** A unique person; the tag goes into the last name so the account menu shows who is signed in. */
function newPerson(role: Role) {
  const tag = randomUUID().slice(0, 6);
  return { email: uniqueEmail(role), firstName: 'Test', lastName: `${role[0]!.toUpperCase()}${role.slice(1)} ${tag}` };
}

export function accountsApi({ baseUrl, adminEmail, adminPassword }: ProductTarget) {
  // The newest consistency token seen, sent on every call as the browser's client does, so a
  // set-up read on another instance of the product includes the set-up writes before it.
  let readAfter: string | null = null;

  async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(readAfter ? { [READ_AFTER_HEADER]: readAfter } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    readAfter = newerReadAfter(readAfter, response.headers.get(READ_AFTER_HEADER));
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async function signInToken(email: string, password: string): Promise<string> {
    const { authToken } = await api<{ authToken: string }>('POST', '/api/login', undefined, { username: email, password });
    return authToken;
  }

  // The start-up admin signs in once. Nothing here signs it out: that would end this token too.
  let adminTokenPromise: Promise<string> | undefined;
  function adminToken(): Promise<string> {
    adminTokenPromise ??= signInToken(adminEmail, adminPassword);
    return adminTokenPromise;
  }

  /** Makes sure the department exists (registration and user forms pick one from the list). */
  async function ensureDepartment(name = E2E_DEPARTMENT): Promise<string> {
    const departments = await api<Array<{ name: string }>>('GET', '/api/departments');
    if (!departments.some((department) => department.name === name)) {
      await api('POST', '/api/departments', await adminToken(), { name });
    }
    return name;
  }

  /**
   * Registers an account as a visitor of the Register tab would (role employee, no manager, signed
   * in at once, no forced password change).
   */
  async function registerAccount(person = newPerson('employee')): Promise<Account> {
    const department = await ensureDepartment();
    const { user } = await api<{ user: { id: number } }>('POST', '/api/register', undefined, {
      ...person,
      department,
      password: ACCOUNT_PASSWORD,
      confirmPassword: ACCOUNT_PASSWORD,
    });
    return { id: user.id, ...person, password: ACCOUNT_PASSWORD, role: 'employee' };
  }

  /** The account signed in as `person` with the shared password, or null when there is none. */
  async function signedInAs(person: Omit<Account, 'id' | 'password' | 'role'>): Promise<Account | null> {
    const response = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: person.email, password: ACCOUNT_PASSWORD }),
    });
    if (response.status === 401) return null;
    if (!response.ok) throw new Error(`POST /api/login answered ${response.status}: ${await response.text()}`);
    const { user } = (await response.json()) as { user: { id: number } };
    return { id: user.id, ...person, password: ACCOUNT_PASSWORD, role: 'employee' };
  }

  /**
   * Created accounts report to this registered account unless told otherwise, so test set-up never
   * gives the start-up admin (or anyone a test looks at) direct reports it did not ask for. One per
   * product, whichever test file comes first registers it: the product allows a network address
   * few registrations an hour, and every test file would otherwise spend one of them.
   */
  let organisationHeadPromise: Promise<Account> | undefined;
  function organisationHead(): Promise<Account> {
    organisationHeadPromise ??= (async () => {
      const head = { email: 'organisation-head@example.com', firstName: 'Organisation', lastName: 'Head' };
      const existing = await signedInAs(head);
      if (existing) return existing;
      try {
        return await registerAccount(head);
      } catch (error) {
        // Another file registered it at the same moment (a 409 for the address): it signs in now.
        const registeredMeanwhile = await signedInAs(head);
        if (registeredMeanwhile) return registeredMeanwhile;
        throw error;
      }
    })();
    return organisationHeadPromise;
  }

  /**
   * Creates an account through the admin API (POST /api/users), then sets its password as its owner
   * does at first sign-in, so it signs in without the forced 'Set Your Password' step.
   */
  async function createAccount(
    role: Role,
    { managerId, department: departmentName }: { managerId?: number; department?: string } = {},
  ): Promise<Account> {
    const person = newPerson(role);
    const temporaryPassword = `Temp-${randomUUID().slice(0, 8)}`;
    const department = await ensureDepartment(departmentName);
    const manager = managerId ?? (await organisationHead()).id;
    const user = await api<{ id: number }>('POST', '/api/users', await adminToken(), {
      ...person,
      role,
      managerId: manager,
      department,
      password: temporaryPassword,
    });
    const firstToken = await signInToken(person.email, temporaryPassword);
    await api('POST', '/api/set-password', firstToken, { password: ACCOUNT_PASSWORD, confirmPassword: ACCOUNT_PASSWORD });
    return { id: user.id, ...person, password: ACCOUNT_PASSWORD, role };
  }

  /** As an admin does in the Set Temporary Password dialog: the account must choose a new password at next sign-in. */
  async function setTemporaryPassword(account: Account, tempPassword: string): Promise<void> {
    await api('POST', '/api/admin/set-temp-password', await adminToken(), { userId: account.id, tempPassword });
  }

  return { api, signInToken, adminToken, ensureDepartment, registerAccount, organisationHead, createAccount, setTemporaryPassword };
}
