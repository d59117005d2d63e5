import { useState } from 'react';
import styled from 'styled-components';
import {
  BULK_TARGET_REASON,
  bulkTargetSchema,
  HR_MESSAGES as M,
  TARGET_MESSAGES as T,
  USER_TARGET_MAX_HOURS,
} from '@tht/contracts';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  EmptyText,
  errorMessageOf,
  FieldError,
  FormField,
  Input,
  PageNav,
  SEARCH_DELAY_MS,
  Spinner,
  useDebouncedValue,
  useToast,
  validateForm,
  type FieldErrors,
} from '@tht/ui';
import { useAssignTargets, useHrEmployeePage } from '../hr-api/hrApi';

const People = styled.fieldset`
  margin: 0 0 ${({ theme }) => theme.spacing(4)};
  padding: ${({ theme }) => theme.spacing(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  & legend { font-weight: 600; }
`;

const Found = styled.div`
  max-height: 16rem;
  overflow: auto;
  display: grid;
  gap: ${({ theme }) => theme.spacing(1)};
`;

/** People chosen one by one: id to name, kept while the search changes. */
type Chosen = ReadonlyMap<number, string>;

/** Someone to choose, found by name or e-mail a page at a time (the employee table's own endpoint). */
function PeoplePicker({ year, chosen, onChange }: { year: number; chosen: Chosen; onChange: (chosen: Chosen) => void }) {
  const [search, setSearch] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const query = {
    page: pageNumber,
    search: useDebouncedValue(search.trim(), SEARCH_DELAY_MS),
    role: '',
    sort: 'name',
    order: 'asc',
  } as const;
  const { page, error } = useHrEmployeePage(year, query);
  const choose = (id: number, name: string, on: boolean) => {
    const next = new Map(chosen);
    if (on) next.set(id, name);
    else next.delete(id);
    onChange(next);
  };
  return (
    <>
      <FormField label={M.findEmployees}>
        <Input
          type="search"
          placeholder={M.searchPlaceholder}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPageNumber(1);
          }}
        />
      </FormField>
      {error ? (
        <FieldError role="alert">{errorMessageOf(error, 'The employees could not be loaded.')}</FieldError>
      ) : !page ? (
        <Spinner label={M.loadingEmployees} />
      ) : page.employees.length === 0 ? (
        <EmptyText>{M.noEmployeesMatching}</EmptyText>
      ) : (
        <>
          <Found>
            {page.employees.map((employee) => (
              <Checkbox
                key={employee.id}
                label={employee.name}
                checked={chosen.has(employee.id)}
                onChange={(event) => choose(employee.id, employee.name, event.target.checked)}
              />
            ))}
          </Found>
          <PageNav
            label={M.pickerPages}
            summary={M.chosenEmployees(chosen.size)}
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

type BulkTargetsDialogProps = {
  year: number;
  /** Every account: who "All employees" reaches. */
  allEmployees: number;
  /** The bulk default: the most common target of the year, else the fallback rule. */
  defaultHours: number;
  onClose: () => void;
};

/**
 * 'Set employee targets': one target (1-10000 hours) set in one request for all employees (the
 * server takes every account, however many) or for the people chosen by searching.
 */
export function BulkTargetsDialog({ year, allEmployees, defaultHours, onClose }: BulkTargetsDialogProps) {
  const { showToast } = useToast();
  const assign = useAssignTargets();
  const [everyone, setEveryone] = useState(true);
  const [chosen, setChosen] = useState<Chosen>(new Map());
  const [targetHours, setTargetHours] = useState(String(defaultHours));
  const [reason, setReason] = useState(BULK_TARGET_REASON);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function submit() {
    const userIds = everyone ? undefined : [...chosen.keys()];
    const { data, errors: found } = validateForm(bulkTargetSchema, { userIds, year, targetHours, reason });
    setErrors(found ?? {});
    if (!data) return;
    try {
      const result = await assign.run({ ...data, userIds: data.userIds && [...data.userIds] });
      showToast({ title: T.companyTargetsSet(result.targetHours, result.employees) });
      onClose();
    } catch (error) {
      showToast({ title: T.saveUserTargetFailed, description: errorMessageOf(error, ''), variant: 'destructive' });
    }
  }

  return (
    <Dialog open onClose={onClose} title={M.setEmployeeTargets} description={`Targets for ${year}`} width="36rem">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {allEmployees === 0 ? (
          <EmptyText>{M.noUsers}</EmptyText>
        ) : (
          <People>
            <legend>Employees</legend>
            <Checkbox
              label={M.allEmployees(allEmployees)}
              checked={everyone}
              onChange={(event) => setEveryone(event.target.checked)}
            />
            {!everyone && <PeoplePicker year={year} chosen={chosen} onChange={setChosen} />}
          </People>
        )}
        {errors.userIds && <FieldError role="alert">{errors.userIds}</FieldError>}
        <FormField label="Target Hours" required error={errors.targetHours}>
          <Input
            type="number"
            min={1}
            max={USER_TARGET_MAX_HOURS}
            step={1}
            required
            value={targetHours}
            onChange={(event) => setTargetHours(event.target.value)}
          />
        </FormField>
        <FormField label="Reason" error={errors.reason}>
          <Input value={reason} onChange={(event) => setReason(event.target.value)} />
        </FormField>
        <DialogActions>
          <Button $variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={assign.pending || allEmployees === 0}>
            {assign.pending ? 'Setting...' : 'Set Targets'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
