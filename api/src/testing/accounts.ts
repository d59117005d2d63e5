import { randomUUID } from 'node:crypto';
import type { Department, LoginResponse, Role, User } from '@tht/contracts';
import { ensureDepartment as ensureDepartmentNamed, toDepartment } from '../departments';
import { systemActor } from '../platform/commands';
import type { AppContext } from '../platform/context';
import { addUser } from '../users';
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

/** The department named `name`, created (as the system) when it does not exist yet; safe to call concurrently. */
export async function ensureDepartment(ctx: AppContext, name: string): Promise<Department> {
  return toDepartment(await ensureDepartmentNamed(ctx, name, systemActor()));
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
