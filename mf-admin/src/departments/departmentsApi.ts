import { departmentsRoutes } from '@tht/contracts';
import { useWrite } from '@tht/ui';

export const useCreateDepartment = () => useWrite(departmentsRoutes.createDepartment, (name: string) => ({ body: { name } }));

/** A new name. */
export const useRenameDepartment = () =>
  useWrite(departmentsRoutes.renameDepartment, ({ id, name }: { id: number; name: string }) => ({
    params: { id },
    body: { name },
  }));

/** Refused while people belong to it. */
export const useDeleteDepartment = () => useWrite(departmentsRoutes.deleteDepartment, (id: number) => ({ params: { id } }));
