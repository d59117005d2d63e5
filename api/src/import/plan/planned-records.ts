import type { CustomFieldValue, FormFieldType, Role, ValidAdminEntry } from '@tht/contracts';

/**
 * Who a planned record belongs to: a positive id is an account the instance has, a negative one
 * the account the import creates from the Users row with that provisional id.
 */
export type OwnerRef = number;

export interface RowRef {
  sheet: string;
  row: number;
}

export interface PlannedDepartment extends RowRef {
  name: string;
}

export interface PlannedUser extends RowRef {
  provisionalId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  department: string;
  /** null: no manager; else the manager (created earlier in the plan when the ref is negative) and their full name. */
  manager: ManagerRef | null;
}

export interface ManagerRef {
  ref: OwnerRef;
  name: string;
}

export interface PlannedFormField extends RowRef {
  name: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  optionLabels: string[];
}

export interface PlannedFiscalYear extends RowRef {
  year: number;
  targetHours: number;
  description: string | null;
}

export interface PlannedTarget extends RowRef {
  owner: OwnerRef;
  year: number;
  targetHours: number;
  reason: string | null;
}

export interface PlannedEntry extends RowRef {
  /** The entry's id in the export it comes from (its `id` column), which a zip's evidence files name; null when the file has none. */
  sourceId: number | null;
  owner: OwnerRef;
  input: ValidAdminEntry;
  customFields: Record<string, CustomFieldValue>;
}
