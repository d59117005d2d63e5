// The bulk-add grid (`@tht/ui/bulk-grid`), shared by the employee's Bulk Add and the admin's bulk
// import. Kept out of the main entry on purpose: it needs the contracts' grid rules (and zod) at
// run time, which the shell, providing `@tht/ui` whole, must not load. Each remote that uses it
// bundles it and takes the contracts from the copy the remotes share.
export { BulkEntryGrid, type BulkGridResult } from './BulkEntryGrid';
