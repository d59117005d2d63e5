import type { Department } from '@tht/contracts';
import { apiRequest, useWrite } from '@tht/ui';

const DEPARTMENTS_KEY = '/api/departments';

const createDepartment = (name: string) => apiRequest<Department>('POST', DEPARTMENTS_KEY, { name });
const renameDepartment = ({ id, name }: { id: number; name: string }) =>
  apiRequest<Department>('PUT', `${DEPARTMENTS_KEY}/${id}`, { name });
const deleteDepartment = (id: number) => apiRequest<unknown>('DELETE', `${DEPARTMENTS_KEY}/${id}`);

/** POST /api/departments. */
export const useCreateDepartment = () => useWrite('POST /api/departments', createDepartment);

/** PUT /api/departments/{id}: a new name. */
export const useRenameDepartment = () => useWrite('PUT /api/departments/{id}', renameDepartment);

/** DELETE /api/departments/{id} (refused while people belong to it). */
export const useDeleteDepartment = () => useWrite('DELETE /api/departments/{id}', deleteDepartment);
