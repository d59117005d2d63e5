import { ADMIN_MESSAGES as M, normaliseEmail, type CustomFieldDefinition, type Role } from '@tht/contracts';
import type { SourceRow } from '../import-tables';
import type { InstanceSnapshot } from './instance-snapshot';
import type { OwnerRef } from './planned-records';
import type { Columns } from './sheet-columns';

/** What an owner's entries take where their rows leave a name, manager or department empty. */
export interface OwnerInfo {
  firstName: string;
  lastName: string;
  managerName: string;
  department: string;
  role: Role;
}

export interface Owner {
  ref: OwnerRef;
  info: OwnerInfo;
}

/**
 * What a file's rows may refer to: the instance's people, departments and form fields, and the
 * ones the file adds as its sheets are planned.
 */
export class KnownRecords {
  /** By lower-case e-mail. */
  private readonly owners = new Map<string, Owner>();
  /** By lower-case name. */
  private readonly departmentNames: Map<string, string>;
  private readonly fields: CustomFieldDefinition[];

  constructor(instance: InstanceSnapshot) {
    for (const [email, user] of instance.usersByEmail) this.owners.set(email, { ref: user.id, info: user });
    this.departmentNames = new Map(instance.departments);
    this.fields = [...instance.formFields];
  }

  owner(email: string): Owner | undefined {
    return this.owners.get(email);
  }

  addOwner(email: string, owner: Owner): void {
    this.owners.set(email, owner);
  }

  forgetOwner(email: string): void {
    this.owners.delete(email);
  }

  /** The person of a row's `employeeEmail`, or why there is none. */
  ownerOf(columns: Columns, row: SourceRow): Owner | string {
    const email = normaliseEmail(columns.cell(row, 'employeeEmail'));
    if (email === '') return M.personRequired;
    return this.owners.get(email) ?? M.unknownPerson(email);
  }

  /** The department's name as first known, in any letter case. */
  department(name: string): string | undefined {
    return this.departmentNames.get(name.toLowerCase());
  }

  addDepartment(name: string): void {
    this.departmentNames.set(name.toLowerCase(), name);
  }

  get formFields(): readonly CustomFieldDefinition[] {
    return this.fields;
  }

  addFormField(field: CustomFieldDefinition): void {
    this.fields.push(field);
  }
}
