import { SCIM_MESSAGES as S } from '@tht/contracts';
import type SCIMMY from 'scimmy';
import { updateDirectoryUser, existingUserIds, findUserById, hasDirectReports } from '../users';
import { scimRefusal, simpleEquality, type ScimContext } from './scim-context';
import { directoryRole, givesRole } from './scim-roles';
import type { DirectoryGroup } from './scim-store';
import { userIdOf } from './scim-users';

/** A Group resource as the directory sends it. */
export interface ScimGroup {
  displayName?: string;
  externalId?: string;
  members?: { value?: string }[];
}

const isoOf = (time: Date) => time.toISOString();

export function scimGroupOf(group: DirectoryGroup): ScimGroup & { id: string; meta: object } {
  return {
    id: group.id,
    displayName: group.displayName,
    ...(group.externalId !== null && { externalId: group.externalId }),
    members: group.members.map((userId) => ({ value: String(userId) })),
    meta: { created: isoOf(group.createdAt), lastModified: isoOf(group.updatedAt) },
  };
}

async function groupOf({ directory }: ScimContext, id: string): Promise<DirectoryGroup> {
  const [group] = await directory.groups({ id });
  if (!group) throw scimRefusal(404, S.groupNotFound(id));
  return group;
}

/** GET /Groups, GET /Groups/{id}: a look-up by name or id at once, any other filter over all groups. */
export async function readGroups(resource: SCIMMY.Resources.Group, scim: ScimContext): Promise<ScimGroup | ScimGroup[]> {
  if (resource.id !== undefined) return scimGroupOf(await groupOf(scim, resource.id));
  const equality = simpleEquality(resource.filter);
  if (equality?.attribute === 'displayname') return (await scim.directory.groups({ displayName: equality.value })).map(scimGroupOf);
  if (equality?.attribute === 'id') return (await scim.directory.groups({ id: equality.value })).map(scimGroupOf);
  const all = (await scim.directory.groups()).map(scimGroupOf);
  return resource.filter ? (resource.filter.match(all) as ScimGroup[]) : all;
}

/** The members' user ids, refused when one names no account. */
async function memberIdsOf({ app }: ScimContext, group: ScimGroup): Promise<number[]> {
  const values = (group.members ?? []).flatMap((member) => (member.value === undefined ? [] : [member.value]));
  const ids = values.map(userIdOf);
  const existing = await existingUserIds(
    app.db,
    ids.filter((id) => id !== null),
  );
  const unknown = values.find((_, index) => ids[index] === null || !existing.has(ids[index]!));
  if (unknown !== undefined) throw scimRefusal(400, S.memberNotAUser(unknown), 'invalidValue');
  return [...new Set(ids as number[])];
}

/** A member's role as their groups now give it, through the account's commands (the directory as actor). */
async function applyDirectoryRole(scim: ScimContext, userId: number): Promise<void> {
  const user = await findUserById(scim.app.db, userId);
  if (!user) return;
  const groups = await scim.directory.groupsOf(userId);
  const names = groups.map((group) => group.displayName);
  const role = directoryRole(names, scim.app.config.scim!.groupRoles, await hasDirectReports(scim.app.db, userId));
  if (role !== user.role) await updateDirectoryUser(scim.app, userId, { role }, scim.actor);
}

/** The people whose role may change: every member when the group gives a role before or after and its name changed, else those who joined or left. */
function peopleToReconsider(
  scim: ScimContext,
  before: DirectoryGroup | undefined,
  after: Pick<DirectoryGroup, 'displayName' | 'members'>,
) {
  const groupRoles = scim.app.config.scim!.groupRoles;
  const beforeGives = before !== undefined && givesRole(groupRoles, before.displayName);
  if (!beforeGives && !givesRole(groupRoles, after.displayName)) return [];
  const old = new Set(before?.members ?? []);
  const now = new Set(after.members);
  if (before && before.displayName.toLowerCase() !== after.displayName.toLowerCase()) return [...new Set([...old, ...now])];
  return [...[...old].filter((id) => !now.has(id)), ...[...now].filter((id) => !old.has(id))];
}

async function reconsiderRoles(scim: ScimContext, userIds: readonly number[]): Promise<void> {
  for (const userId of userIds) await applyDirectoryRole(scim, userId);
}

/** POST /Groups (no id), PUT and PATCH /Groups/{id} (the whole group as it is to be): stored, and its members' roles follow. */
export async function writeGroup(resource: SCIMMY.Resources.Group, instance: ScimGroup, scim: ScimContext): Promise<ScimGroup> {
  const before = resource.id === undefined ? undefined : await groupOf(scim, resource.id);
  const displayName = instance.displayName?.trim();
  if (!displayName) throw scimRefusal(400, S.groupNameRequired, 'invalidValue');
  const namesake = (await scim.directory.groups({ displayName })).find((group) => group.id !== before?.id);
  if (namesake) throw scimRefusal(409, S.groupNameTaken(displayName), 'uniqueness');
  const after = { displayName, externalId: instance.externalId?.trim() || null, members: await memberIdsOf(scim, instance) };
  const id = await scim.directory.saveGroup(after, scim.app.now(), before?.id);
  await reconsiderRoles(scim, peopleToReconsider(scim, before, after));
  return scimGroupOf(await groupOf(scim, id));
}

/** DELETE /Groups/{id}: gone, and its members lose the role it gave. */
export async function deleteGroup(resource: SCIMMY.Resources.Group, scim: ScimContext): Promise<void> {
  const group = await groupOf(scim, resource.id!);
  await scim.directory.deleteGroup(group.id);
  await reconsiderRoles(scim, peopleToReconsider(scim, group, { displayName: group.displayName, members: [] }));
}
