import { ADMIN_MESSAGES as M, fullName, orgEmailSchema, roleSchema } from '@tht/contracts';
import type { SourceRow } from '../import-tables';
import { departmentOf } from './departments-sheet';
import { messagesOf, type PlanBuilder } from './plan-builder';
import type { ManagerRef, PlannedUser } from './planned-records';
import { placeOf, type Sheet } from './sheet-columns';

/** The account a Users row adds, waiting to be planned after its manager. */
interface Candidate {
  row: SourceRow;
  user: Omit<PlannedUser, 'manager'>;
  managerSourceId: string;
}

/** The Users sheet: new accounts with their managers, in an order where every manager comes first. */
export function planUsers(builder: PlanBuilder, sheet: Sheet): void {
  const users = new UsersSheet(builder, sheet);
  for (const row of sheet.rows) users.check(row);
  users.orderByManager();
}

class UsersSheet {
  /** What the file's user ids (the `managerId` of other rows) stand for: an account, or a row's candidate. */
  private readonly bySourceId = new Map<string, ManagerRef | Candidate>();
  private readonly candidates: Candidate[] = [];
  /** The provisional ids of the candidates planned so far. */
  private readonly placed = new Set<number>();
  private readonly emailSchema: ReturnType<typeof orgEmailSchema>;
  private nextProvisionalId = -1;

  constructor(
    private readonly builder: PlanBuilder,
    private readonly sheet: Sheet,
  ) {
    this.emailSchema = orgEmailSchema(builder.instance.orgEmailDomain);
  }

  /** A row: an account the instance has, or a candidate for a new one, or a bad row. */
  check(row: SourceRow): void {
    const sourceId = this.sheet.cell(row, 'id').trim();
    const email = this.emailSchema.safeParse(this.sheet.cell(row, 'email'));
    if (!email.success) {
      this.builder.fail(this.sheet, row, messagesOf(email.error));
      return;
    }
    const existing = this.builder.known.owner(email.data);
    if (existing && existing.ref > 0) {
      this.builder.unchanged.users += 1;
      this.bySourceId.set(sourceId, { ref: existing.ref, name: fullName(existing.info) });
    } else if (existing) this.builder.fail(this.sheet, row, M.repeatedRow(`The e-mail ${email.data}`));
    else {
      const candidate = this.candidateOf(row, email.data);
      if (typeof candidate === 'string') this.builder.fail(this.sheet, row, candidate);
      else this.add(candidate, sourceId);
    }
  }

  /** The new account a row describes, or why it cannot be one. */
  private candidateOf(row: SourceRow, email: string): Candidate | string {
    const firstName = this.sheet.cell(row, 'firstName').trim();
    const lastName = this.sheet.cell(row, 'lastName').trim();
    const role = roleSchema.safeParse(this.sheet.cell(row, 'role').trim().toLowerCase() || 'employee');
    if (!role.success) return messagesOf(role.error);
    if (firstName === '') return 'First name is required';
    if (lastName === '') return 'Last name is required';
    const ref = placeOf(this.sheet, row);
    const user = {
      ...ref,
      provisionalId: this.nextProvisionalId--,
      email,
      firstName,
      lastName,
      role: role.data,
      department: departmentOf(this.builder, this.sheet.cell(row, 'department'), ref),
    };
    return { row, user, managerSourceId: this.sheet.cell(row, 'managerId').trim() };
  }

  /** A candidate, known from now on by its row's id and its e-mail. */
  private add(candidate: Candidate, sourceId: string): void {
    const { user, row } = candidate;
    this.candidates.push(candidate);
    this.bySourceId.set(sourceId, candidate);
    const managerName = this.sheet.cell(row, 'managerName').trim();
    const { firstName, lastName, department, role } = user;
    this.builder.known.addOwner(user.email, {
      ref: user.provisionalId,
      info: { firstName, lastName, managerName, department, role },
    });
  }

  /** Plans each candidate after their manager; candidates whose manager is unknown or in a loop fail. */
  orderByManager(): void {
    let pending = this.candidates;
    while (pending.length > 0) {
      const waiting: Candidate[] = [];
      for (const candidate of pending) if (!this.settle(candidate)) waiting.push(candidate);
      if (waiting.length === pending.length) {
        // Nobody could be placed: the rest wait on each other (a management loop) or on a failed row.
        for (const candidate of waiting) this.fail(candidate);
        return;
      }
      pending = waiting;
    }
  }

  /** Plans the candidate, or fails them when their manager is unknown; false while their manager is not planned yet. */
  private settle(candidate: Candidate): boolean {
    const manager = this.managerOf(candidate);
    if (manager === 'not planned yet') return false;
    if (manager === 'unknown') this.fail(candidate);
    else {
      this.builder.plan.users.push({ ...candidate.user, manager });
      this.placed.add(candidate.user.provisionalId);
    }
    return true;
  }

  private managerOf(candidate: Candidate): ManagerRef | null | 'not planned yet' | 'unknown' {
    if (candidate.managerSourceId === '') return null;
    const manager = this.bySourceId.get(candidate.managerSourceId);
    if (!manager) return 'unknown';
    if ('ref' in manager) return manager;
    if (!this.placed.has(manager.user.provisionalId)) return 'not planned yet';
    return { ref: manager.user.provisionalId, name: fullName(manager.user) };
  }

  /** A candidate left out: their row fails, and rows that name their e-mail do not find them. */
  private fail(candidate: Candidate): void {
    this.builder.fail(this.sheet, candidate.row, M.unknownManagerRow(candidate.managerSourceId));
    this.builder.known.forgetOwner(candidate.user.email);
  }
}
