import { DIRECTORY_DEFAULT_DEPARTMENT, directoryPersonSchema, SCIM_MESSAGES as S, type DirectoryPersonInput } from '@tht/contracts';
import type SCIMMY from 'scimmy';
import type { UserRow } from 'projections';
import { ensureDepartment } from '../departments';
import { parseWith } from '../platform/http';
import {
  addDirectoryUser,
  deactivateUser,
  deleteDirectoryUser,
  reactivateUser,
  updateDirectoryUser,
  findUserByEmail,
  findUserById,
  listUsers,
} from '../users';
import { scimRefusal, simpleEquality, type ScimContext } from './scim-context';
import { personOf, scimUserOf, userIdOf, type DirectoryPerson, type ScimUser } from './scim-users';

/** An account by its SCIM id, or a SCIM 404. */
async function accountOf(app: ScimContext['app'], scimId: string): Promise<UserRow> {
  const userId = userIdOf(scimId);
  const user = userId === null ? undefined : await findUserById(app.db, userId);
  if (!user) throw scimRefusal(404, S.userNotFound(scimId));
  return user;
}

async function asScimUsers({ directory }: ScimContext, users: readonly UserRow[]): Promise<ScimUser[]> {
  const externalIds = await directory.externalIds(users.map((user) => user.id));
  return users.map((user) => scimUserOf(user, externalIds.get(user.id)));
}

/** An account by its SCIM id with the directory's id of it. */
interface LinkedAccount {
  user: UserRow;
  externalId: string | null;
}

async function linkedAccountOf(scim: ScimContext, scimId: string): Promise<LinkedAccount> {
  const user = await accountOf(scim.app, scimId);
  return { user, externalId: (await scim.directory.externalIds([user.id])).get(user.id) ?? null };
}

/** What a PATCH read of its resource (the library reads it, then writes it): not read again. */
const readBeforeWrite = new WeakMap<SCIMMY.Resources.User, LinkedAccount>();

/** The accounts a filter asks for: the providers' look-ups by address, directory id or id at once, any other filter over all. */
async function usersMatching({ app, directory }: ScimContext, filter: SCIMMY.Types.Filter | undefined): Promise<UserRow[] | null> {
  const equality = simpleEquality(filter);
  if (!equality) return null;
  const { attribute, value } = equality;
  if (attribute === 'username') return [await findUserByEmail(app.db, value)].filter((user) => user !== undefined);
  if (attribute === 'id') {
    const userId = userIdOf(value);
    return [userId === null ? undefined : await findUserById(app.db, userId)].filter((user) => user !== undefined);
  }
  if (attribute === 'externalid') {
    const ids = await directory.userIdsWithExternalId(value);
    return (await Promise.all(ids.map((id) => findUserById(app.db, id)))).filter((user) => user !== undefined);
  }
  return null;
}

/** GET /Users, GET /Users/{id}: the accounts as SCIM Users (the library pages and shapes them). */
export async function readUsers(resource: SCIMMY.Resources.User, scim: ScimContext): Promise<ScimUser | ScimUser[]> {
  if (resource.id !== undefined) {
    const account = await linkedAccountOf(scim, resource.id);
    readBeforeWrite.set(resource, account);
    return scimUserOf(account.user, account.externalId ?? undefined);
  }
  const found = await usersMatching(scim, resource.filter);
  if (found) return asScimUsers(scim, found);
  const all = await asScimUsers(scim, await listUsers(scim.app.db, 'all'));
  return resource.filter ? (resource.filter.match(all) as ScimUser[]) : all;
}

/** The department by the name the directory gives, created when the product does not know it yet. */
async function departmentNamed({ app, actor }: ScimContext, name: string): Promise<string> {
  return (await ensureDepartment(app, name, actor)).name;
}

/** The manager's user id; one that names no account is refused by the account's decision. */
function managerIdOf(manager: string | null): number | null {
  const managerId = manager === null ? null : userIdOf(manager);
  if (manager !== null && managerId === null) throw scimRefusal(400, S.managerNotAUser(manager), 'invalidValue');
  return managerId;
}

/** The schema of each organisation domain, made once (making a schema costs more than using it). */
const personSchemas = new Map<string, ReturnType<typeof directoryPersonSchema>>();

function personSchemaOf(domain: string): ReturnType<typeof directoryPersonSchema> {
  const schema = personSchemas.get(domain) ?? directoryPersonSchema(domain);
  personSchemas.set(domain, schema);
  return schema;
}

function checkedPerson(scim: ScimContext, person: DirectoryPerson, department: string): DirectoryPersonInput {
  if (person.email === undefined) throw scimRefusal(400, S.userNameRequired, 'invalidValue');
  const { email, firstName, lastName } = person;
  return parseWith(personSchemaOf(scim.app.config.orgEmailDomain), { email, firstName, lastName, department });
}

/** Switches the account off or on again as the directory's `active` says; the account as it is then. */
async function applyActive(scim: ScimContext, user: UserRow, active: boolean): Promise<UserRow> {
  if (active === (user.deactivated_at === null)) return user;
  await (active ? reactivateUser : deactivateUser)(scim.app, user.id, scim.actor);
  return accountOf(scim.app, String(user.id));
}

async function createUser(scim: ScimContext, person: DirectoryPerson): Promise<UserRow> {
  const input = checkedPerson(scim, person, person.department ?? DIRECTORY_DEFAULT_DEPARTMENT);
  const department = await departmentNamed(scim, input.department);
  const managerId = managerIdOf(person.manager);
  return addDirectoryUser(scim.app, { ...input, department, managerId }, scim.actor);
}

/** The fields that differ from the account (a manager's link is always checked). */
async function updateUser(scim: ScimContext, user: UserRow, person: DirectoryPerson): Promise<UserRow> {
  const input = checkedPerson(scim, person, person.department ?? user.department);
  const current: DirectoryPersonInput = {
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    department: user.department,
  };
  const changed = Object.fromEntries(
    Object.entries(input).filter(([field, value]) => value !== current[field as keyof DirectoryPersonInput]),
  );
  if (changed.department !== undefined) changed.department = await departmentNamed(scim, input.department);
  const managerId = managerIdOf(person.manager);
  if (Object.keys(changed).length === 0 && managerId === user.manager_id) return user;
  return updateDirectoryUser(scim.app, user.id, { ...changed, managerId }, scim.actor);
}

/** POST /Users (no id), PUT and PATCH /Users/{id} (the whole resource as it is to be). */
export async function writeUser(resource: SCIMMY.Resources.User, instance: ScimUser, scim: ScimContext): Promise<ScimUser> {
  const before =
    resource.id === undefined ? undefined : (readBeforeWrite.get(resource) ?? (await linkedAccountOf(scim, resource.id)));
  const person = personOf(instance, before && scimUserOf(before.user, undefined));
  const saved = before ? await updateUser(scim, before.user, person) : await createUser(scim, person);
  if (person.externalId !== (before?.externalId ?? null)) await scim.directory.linkUser(saved.id, person.externalId);
  return scimUserOf(await applyActive(scim, saved, person.active), person.externalId ?? undefined);
}

/** DELETE /Users/{id}: the account is deleted, as an admin's Delete does (a leaver is sent as `active` false). */
export async function deleteUser(resource: SCIMMY.Resources.User, scim: ScimContext): Promise<void> {
  const user = await accountOf(scim.app, resource.id!);
  await deleteDirectoryUser(scim.app, user.id, scim.actor);
  await scim.directory.forgetUser(user.id);
}
