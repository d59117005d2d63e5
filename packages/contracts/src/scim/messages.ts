/** The SCIM service provider's refusals (`detail` of its error bodies) and fixed words. */
export const SCIM_MESSAGES = {
  tokenRequired: 'A bearer token equal to SCIM_TOKEN is required',
  notFound: 'Not found',
  userNotFound: (id: string) => `User ${id} not found`,
  groupNotFound: (id: string) => `Group ${id} not found`,
  userNameRequired: 'userName (the work e-mail address) is required',
  managerNotAUser: (value: string) => `manager.value "${value}" is not the id of a user`,
  memberNotAUser: (value: string) => `Member "${value}" is not the id of a user`,
  groupNameRequired: 'displayName is required',
  groupNameTaken: (name: string) => `A group named "${name}" already exists`,
} as const;

/** The department of a person the directory sends without one (created when first needed). */
export const DIRECTORY_DEFAULT_DEPARTMENT = 'Unassigned';
