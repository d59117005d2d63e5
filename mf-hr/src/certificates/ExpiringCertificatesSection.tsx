import { useState } from 'react';
import styled from 'styled-components';
import {
  CERTIFICATE_MESSAGES as M,
  CERTIFICATE_WINDOW_DAYS,
  certificatesRoutes,
  formatEntryDate,
  urlOf,
  type ExpiringCertificate,
} from '@tht/contracts';
import {
  Button,
  CaptionedTable,
  DashboardSection,
  DaysLeftBadge,
  EmptyText,
  FormField,
  Select,
  useDepartments,
  useRead,
} from '@tht/ui';

/** The windows HR may pick, in days. */
const WINDOWS = [30, CERTIFICATE_WINDOW_DAYS, 90, 180] as const;

const Filters = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 16rem));
  gap: ${({ theme }) => theme.spacing(3)};
`;

type Filter = { days: number; departmentId: number | undefined };

/** Everyone's certificates expiring within `days` (of one department), soonest first. */
function useExpiringCertificates({ days, departmentId }: Filter) {
  const { data, error } = useRead(
    certificatesRoutes.listExpiringCertificates,
    { query: { days, departmentId } },
    { keepPreviousData: true },
  );
  return { certificates: data, error };
}

/** The list as a CSV file, opened in a new window where the browser downloads it (the cookie signs in). */
function exportCsv({ days, departmentId }: Filter) {
  window.open(
    urlOf(certificatesRoutes.listExpiringCertificates, { query: { days, departmentId, format: 'csv' } }),
    '_blank',
    'noopener',
  );
}

function CertificatesTable({ certificates }: { certificates: readonly ExpiringCertificate[] }) {
  return (
    <CaptionedTable caption={M.title}>
      <thead>
        <tr>
          <th scope="col">{M.employeeColumn}</th>
          <th scope="col">{M.departmentColumn}</th>
          <th scope="col">{M.trainingColumn}</th>
          <th scope="col">{M.validUntilColumn}</th>
          <th scope="col">{M.daysLeftColumn}</th>
        </tr>
      </thead>
      <tbody>
        {certificates.map((certificate) => (
          <tr key={certificate.entryId}>
            <td>{certificate.name}</td>
            <td>{certificate.department || 'N/A'}</td>
            <td>{certificate.trainingName}</td>
            <td>{formatEntryDate(certificate.validUntil)}</td>
            <td>
              <DaysLeftBadge daysLeft={certificate.daysLeft} />
            </td>
          </tr>
        ))}
      </tbody>
    </CaptionedTable>
  );
}

/** HR View's "Certificates expiring": who, what, when and the days left, by department, exportable (today's, whatever the year shown). */
export function ExpiringCertificatesSection() {
  const [filter, setFilter] = useState<Filter>({ days: CERTIFICATE_WINDOW_DAYS, departmentId: undefined });
  const { certificates, error } = useExpiringCertificates(filter);
  const { departments = [] } = useDepartments();
  return (
    <DashboardSection
      title={M.title}
      data={certificates}
      error={error}
      loadingLabel={M.loading}
      what="the certificates"
      actions={() => (
        <Button $variant="secondary" onClick={() => exportCsv(filter)}>
          {M.exportCsv}
        </Button>
      )}
    >
      {(loaded) => (
        <>
          <Filters>
            <FormField label={M.departmentFilter}>
              <Select
                value={filter.departmentId ?? ''}
                onChange={(event) =>
                  setFilter({ ...filter, departmentId: event.target.value ? Number(event.target.value) : undefined })
                }
              >
                <option value="">{M.allDepartments}</option>
                {departments.map((department) => (
                  <option key={department.id} value={department.id}>
                    {department.name}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label={M.windowFilter}>
              <Select value={filter.days} onChange={(event) => setFilter({ ...filter, days: Number(event.target.value) })}>
                {WINDOWS.map((days) => (
                  <option key={days} value={days}>
                    {M.withinDays(days)}
                  </option>
                ))}
              </Select>
            </FormField>
          </Filters>
          {loaded.length === 0 ? <EmptyText>{M.hrEmpty(filter.days)}</EmptyText> : <CertificatesTable certificates={loaded} />}
        </>
      )}
    </DashboardSection>
  );
}
