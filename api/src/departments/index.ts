/** The departments feature's public surface for other features. */
export { createDepartment, ensureDepartment } from './departments-commands';
export { describeDepartmentsApi } from './departments-openapi';
export { findDepartmentByName, listDepartments, toDepartment } from './departments-queries';
export { createDepartmentsRouter } from './departments-routes';
