import useSWR from 'swr';
import type { Department } from '@tht/contracts';
import { apiRequest, useWrite } from '@tht/ui';

export const DEPARTMENTS_KEY = '/api/departments';

/** GET /api/departments: every department, sorted by name. */
export function useDepartments() {
  const { data, error } = useSWR<Department[], Error>(DEPARTMENTS_KEY);
  return { departments: data, error };
}

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
