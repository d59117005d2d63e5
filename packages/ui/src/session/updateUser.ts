import { usersRoutes, type AdminUserUpdateInput } from '@tht/contracts';
import { useWrite } from '../api/useWrite';

/** A change to a user's record: any field of the admin form (an admin) or one's own placement (the profile). */
export type UserUpdate = AdminUserUpdateInput & { id: number };

/** An admin's edit of anyone, or the signed-in user's own manager and department. */
export const useUpdateUser = () =>
  // The e-mail goes as `username`, as the API's clients send it.
  useWrite(usersRoutes.updateUser, ({ id, email, ...fields }: UserUpdate) => ({
    params: { id },
    body: { username: email, ...fields },
  }));
