import type { AdminUserUpdateInput, User } from '@tht/contracts';
import { apiRequest } from '../api/client';
import { useWrite } from '../api/useWrite';

/** A change to a user's record: any field of the admin form (an admin) or one's own placement (the profile). */
export type UserUpdate = AdminUserUpdateInput & { id: number };

// The e-mail goes as `username`, as the API's clients send it.
const updateUser = ({ id, email, ...fields }: UserUpdate) =>
  apiRequest<User>('PUT', `/api/users/${id}`, { username: email, ...fields });

/** PUT /api/users/{id}: an admin's edit of anyone, or the signed-in user's own manager and department. */
export const useUpdateUser = () => useWrite('PUT /api/users/{id}', updateUser);
