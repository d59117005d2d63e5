import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Department, LoginResponse, Role, User } from '@tht/contracts';
import { createDepartment } from '../departments/departments-commands';
import { findDepartmentByName, toDepartment } from '../departments/departments-queries';
import { systemActor } from '../platform/commands';
import { DomainError } from '../platform/decider';
import type { AppContext } from '../platform/context';
import { addUser } from '../users/users-commands';
import { request } from './request';

export interface TestUserOptions {
  role?: Role;
  managerId?: number | null;
  /** Created on the fly when missing. Default 'Engineering'. */
  department?: string;
  firstName?: string;
  lastName?: string;
  /** Default: a unique address in the organisation's domain. */
  email?: string;
  password?: string;
}

export interface SignedInTestUser {
  /** As the login response returns it. */
  user: User;
  token: string;
  /** `{ Authorization: 'Bearer <token>' }` */
  authHeader: { Authorization: string };
  password: string;
}

export const TEST_PASSWORD = 'correct-horse-battery';

/** How long a caller that lost the race for a department's name waits for the winner's department to be projected. */
const DEPARTMENT_WAIT_MS = 10_000;

/**
 * The department named `name`, created (as the system) when it does not exist yet. Safe to call
 * concurrently: a call that finds the name claimed by another takes that department, once its
 * creation has reached the read models. The claim is lost either at the append (409) or, when the
 * winner's department was projected between this call's two look-ups, in `decide` (a conflict).
 */
export async function ensureDepartment(ctx: AppContext, name: string): Promise<Department> {
  const existing = await findDepartmentByName(ctx.db, name);
  if (existing) return toDepartment(existing);
  try {
    return toDepartment(await createDepartment(ctx, name, systemActor()));
  } catch (error) {
    if (isLostNameClaim(error)) return departmentOnceProjected(ctx, name);
    throw error;
  }
}

function isLostNameClaim(error: unknown): boolean {
  return error instanceof DomainError && error.reason === 'conflict';
}

/** The department named `name` as soon as the read models show it (the claim's winner may still be writing it). */
async function departmentOnceProjected(ctx: AppContext, name: string): Promise<Department> {
  const deadline = Date.now() + DEPARTMENT_WAIT_MS;
  for (;;) {
    const row = await findDepartmentByName(ctx.db, name);
    if (row) return toDepartment(row);
    if (Date.now() > deadline)
      throw new Error(`ensureDepartment: "${name}" is claimed, but no department of that name was projected`);
    await sleep(20);
  }
}

let created = 0;

/**
 * Creates an account through the real user command (not forced to change its password) and signs
 * it in through `POST /api/login`. For other features' HTTP tests:
 * `const { user, authHeader } = await createUserAndLogin(app, { role: 'manager' })`.
 */
export async function createUserAndLogin(
  app: { baseUrl: string; ctx: AppContext },
  options: TestUserOptions = {},
): Promise<SignedInTestUser> {
  created += 1;
  const department = options.department ?? 'Engineering';
  await ensureDepartment(app.ctx, department);
  const email = options.email ?? `user${created}-${randomUUID().slice(0, 8)}@${app.ctx.config.orgEmailDomain}`;
  const password = options.password ?? TEST_PASSWORD;
  await addUser(
    app.ctx,
    {
      email,
      firstName: options.firstName ?? 'Test',
      lastName: options.lastName ?? `User${created}`,
      role: options.role ?? 'employee',
      managerId: options.managerId ?? null,
      department,
      password,
    },
    { registered: false, firstLoginRequired: false },
    systemActor(),
  );
  const login = await request<LoginResponse>(app, 'POST', '/api/login', { body: { username: email, password } });
  if (login.status !== 200) throw new Error(`createUserAndLogin: login failed with ${login.status} ${JSON.stringify(login.body)}`);
  const token = login.body.authToken;
  return { user: login.body.user, token, authHeader: { Authorization: `Bearer ${token}` }, password };
}
