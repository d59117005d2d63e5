import { useState } from 'react';
import styled from 'styled-components';
import {
  ADMIN_MESSAGES as M,
  isErasedPerson,
  ROLES,
  statusParameterOf,
  USER_STATUS_LABELS,
  USER_STATUSES,
  type AdminUserListItem,
  type Role,
  type UserStatus,
} from '@tht/contracts';
import {
  ApiError,
  Button,
  CaptionedTable,
  EmptyText,
  errorMessageOf,
  FieldError,
  FormField,
  Input,
  PageNav,
  SEARCH_DELAY_MS,
  Select,
  Spinner,
  useCurrentUser,
  useDebouncedValue,
} from '@tht/ui';
import { RowActions } from '../panel/RowActions';
import { PersonalDataAction } from './PersonalDataAction';
import { fullName, ROLE_LABELS } from './roles';
import { useAdminUsers, type UserListQuery } from './usersApi';

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(4)};
  & > div:first-child { flex: 1 1 18rem; }
  & > div:not(:first-child) { flex: 0 1 12rem; }
`;

const Toggle = styled.button`
  width: 1.75rem;
  margin-right: ${({ theme }) => theme.spacing(1)};
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  cursor: pointer;
`;

const ToggleSpace = styled.span`
  display: inline-block;
  width: 1.75rem;
  margin-right: ${({ theme }) => theme.spacing(1)};
`;

const Reports = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.spacing(10)};
  & li { padding: ${({ theme }) => theme.spacing(1)} 0; }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.mutedText};
`;

const AccessDenied = styled.div`
  padding: ${({ theme }) => theme.spacing(4)};
  border: 1px solid ${({ theme }) => theme.colors.destructive};
  border-radius: ${({ theme }) => theme.radii.medium};
  & h3 { margin: 0 0 ${({ theme }) => theme.spacing(1)}; color: ${({ theme }) => theme.colors.destructive}; }
  & p { margin: 0; }
`;

export type UserActions = {
  onEdit: (user: AdminUserListItem) => void;
  onSetPassword: (user: AdminUserListItem) => void;
  onResetLink: (user: AdminUserListItem) => void;
  onDelete: (user: AdminUserListItem) => void;
  onDeactivate: (user: AdminUserListItem) => void;
  onReactivate: (user: AdminUserListItem) => void;
  onErase: (user: AdminUserListItem) => void;
};

/** Deactivate for an active account (not one's own), Reactivate or Erase for a deactivated one, nothing once erased. */
function StatusAction({ user, name, own, actions }: { user: AdminUserListItem; name: string; own: boolean; actions: UserActions }) {
  if (isErasedPerson(user)) return null;
  if (user.deactivatedAt !== undefined) {
    return (
      <>
        <Button $variant="secondary" aria-label={`Reactivate ${name}`} onClick={() => actions.onReactivate(user)}>
          Reactivate
        </Button>
        <Button $variant="destructive" aria-label={`Erase ${name}`} onClick={() => actions.onErase(user)}>
          Erase
        </Button>
      </>
    );
  }
  if (own) return null;
  return (
    <Button $variant="secondary" aria-label={`Deactivate ${name}`} onClick={() => actions.onDeactivate(user)}>
      Deactivate
    </Button>
  );
}

function UserRow({ user, ownId, actions }: { user: AdminUserListItem; ownId: number | undefined; actions: UserActions }) {
  const [expanded, setExpanded] = useState(false);
  const name = fullName(user);
  const reportsId = `direct-reports-${user.id}`;
  const reports = user.directReports;
  return (
    <>
      <tr>
        <th scope="row">
          {reports.length > 0 ? (
            <Toggle
              type="button"
              aria-expanded={expanded}
              aria-controls={expanded ? reportsId : undefined}
              aria-label={`${expanded ? 'Hide' : 'Show'} direct reports of ${name}`}
              onClick={() => setExpanded((open) => !open)}
            >
              {expanded ? '▾' : '▸'}
            </Toggle>
          ) : (
            <ToggleSpace />
          )}
          {name}
          {user.deactivatedAt !== undefined && <Muted>{isErasedPerson(user) ? ' (Erased)' : ' (Deactivated)'}</Muted>}
        </th>
        <td>{user.email}</td>
        <td>{ROLE_LABELS[user.role]}</td>
        <td>{user.department || <Muted>None</Muted>}</td>
        <td>{user.managerName ?? <Muted>None</Muted>}</td>
        <td>{reports.length}</td>
        <td>
          <RowActions
            name={name}
            onEdit={() => actions.onEdit(user)}
            onDelete={user.id === ownId ? undefined : () => actions.onDelete(user)}
          >
            <Button $variant="secondary" aria-label={`Set Password for ${name}`} onClick={() => actions.onSetPassword(user)}>
              Set Password
            </Button>
            {user.role !== 'admin' && user.deactivatedAt === undefined && (
              <Button $variant="secondary" aria-label={`Reset Link for ${name}`} onClick={() => actions.onResetLink(user)}>
                Reset Link
              </Button>
            )}
            <StatusAction user={user} name={name} own={user.id === ownId} actions={actions} />
            <PersonalDataAction personId={user.id} name={name} />
          </RowActions>
        </td>
      </tr>
      {expanded && (
        <tr id={reportsId}>
          <td colSpan={7}>
            <Reports aria-label={`Direct reports of ${name}`}>
              {reports.map((report) => (
                <li key={report.id}>
                  {fullName(report)}{' '}
                  <Muted>
                    · {report.email} · {ROLE_LABELS[report.role]}
                  </Muted>
                </li>
              ))}
            </Reports>
          </td>
        </tr>
      )}
    </>
  );
}

function UsersFailure({ error }: { error: Error }) {
  if (error instanceof ApiError && error.status === 403) {
    return (
      <AccessDenied role="alert">
        <h3>{M.adminRequired}</h3>
        <p>{M.adminRequiredDescription}</p>
      </AccessDenied>
    );
  }
  return (
    <FieldError role="alert">
      {M.failedToLoadUsers}: {errorMessageOf(error, 'please try again.')}
    </FieldError>
  );
}

function showing(page: number, pageSize: number, shown: number, total: number): string {
  if (total === 0) return 'Showing 0 users';
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first}-${first + shown - 1} of ${total} users`;
}

/**
 * The user list the server serves page by page (50 a page, by last name): search by name or
 * e-mail, a role filter, a status filter (active by default, deactivated leavers, or all), and
 * each user's direct reports behind a toggle.
 */
export function UserList(actions: UserActions) {
  const { user: admin } = useCurrentUser();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [status, setStatus] = useState<UserStatus>('active');
  const [pageNumber, setPageNumber] = useState(1);
  const query: UserListQuery = {
    page: pageNumber,
    search: useDebouncedValue(search.trim(), SEARCH_DELAY_MS),
    role,
    status: statusParameterOf(status),
  };
  const { page, error } = useAdminUsers(query);

  return (
    <>
      <Filters>
        <FormField label="Search users">
          <Input
            type="search"
            placeholder="Search by name or email"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPageNumber(1);
            }}
          />
        </FormField>
        <FormField label="Role">
          <Select
            value={role}
            onChange={(event) => {
              setRole(event.target.value as Role | '');
              setPageNumber(1);
            }}
          >
            <option value="">All roles</option>
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {ROLE_LABELS[value]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Status">
          <Select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as UserStatus);
              setPageNumber(1);
            }}
          >
            {USER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {USER_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </FormField>
      </Filters>
      {error ? (
        <UsersFailure error={error} />
      ) : !page ? (
        <Spinner label="Loading..." />
      ) : page.users.length === 0 ? (
        <EmptyText>{M.noUsersFound}</EmptyText>
      ) : (
        <>
          <CaptionedTable caption="Users">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Department</th>
                <th scope="col">Manager</th>
                <th scope="col">Direct Reports</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {page.users.map((user) => (
                <UserRow key={user.id} user={user} ownId={admin?.id} actions={actions} />
              ))}
            </tbody>
          </CaptionedTable>
          <PageNav
            label="User list pages"
            summary={showing(page.page, page.pageSize, page.users.length, page.total)}
            page={page.page}
            totalPages={page.totalPages}
            hasNext={page.page < page.totalPages}
            onPage={setPageNumber}
          />
        </>
      )}
    </>
  );
}
