import { useState } from 'react';
import styled from 'styled-components';
import {
  BULK_TARGET_REASON,
  bulkTargetSchema,
  HR_MESSAGES as M,
  TARGET_MESSAGES as T,
  USER_TARGET_MAX_HOURS,
  type HrEmployee,
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
  useToast,
  validateForm,
  type FieldErrors,
} from '@tht/ui';
import { useAssignTargets } from '../hr-api/hrApi';

const People = styled.fieldset`
  max-height: 16rem;
  overflow: auto;
  margin: 0 0 ${({ theme }) => theme.spacing(4)};
  padding: ${({ theme }) => theme.spacing(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  display: grid;
  gap: ${({ theme }) => theme.spacing(1)};
  & legend { font-weight: 600; }
`;

type BulkTargetsDialogProps = {
  employees: readonly HrEmployee[];
  year: number;
  /** SPEC's bulk default: the most common target of the year, else the fallback rule. */
  defaultHours: number;
  onClose: () => void;
};

/** 'Set employee targets': one target (1-10000 hours) for the chosen people, set in one request. */
export function BulkTargetsDialog({ employees, year, defaultHours, onClose }: BulkTargetsDialogProps) {
  const { showToast } = useToast();
  const assign = useAssignTargets();
  const [chosen, setChosen] = useState(() => new Set(employees.map((employee) => employee.id)));
  const [targetHours, setTargetHours] = useState(String(defaultHours));
  const [reason, setReason] = useState(BULK_TARGET_REASON);
  const [errors, setErrors] = useState<FieldErrors>({});

  const everyone = chosen.size === employees.length;
  const choose = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function submit() {
    const { data, errors: found } = validateForm(bulkTargetSchema, { userIds: [...chosen], year, targetHours, reason });
    setErrors(found ?? {});
    if (!data) return;
    try {
      const result = await assign.run({ ...data, userIds: [...(data.userIds ?? [])] });
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
        {employees.length === 0 ? (
          <EmptyText>{M.noUsers}</EmptyText>
        ) : (
          <People>
            <legend>Employees</legend>
            <Checkbox
              label={`All employees (${chosen.size} of ${employees.length} chosen)`}
              checked={everyone}
              onChange={(event) => setChosen(new Set(event.target.checked ? employees.map((employee) => employee.id) : []))}
            />
            {employees.map((employee) => (
              <Checkbox
                key={employee.id}
                label={employee.name}
                checked={chosen.has(employee.id)}
                onChange={(event) => choose(employee.id, event.target.checked)}
              />
            ))}
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
          <Button type="submit" disabled={assign.pending || employees.length === 0}>
            {assign.pending ? 'Setting...' : 'Set Targets'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
