import { useState } from 'react';
import styled from 'styled-components';
import { AS_OF_LABELS, SMT_MESSAGES as M } from '@tht/contracts';
import { AsOfBanner, AsOfControl, Button, PageHeader, YearSelector, currentYear } from '@tht/ui';
import { DepartmentHoursSection } from '../departments/DepartmentHoursSection';
import { ExportControls } from '../export/ExportControls';
import { InnovationSummary } from '../innovation/InnovationSummary';
import { KeyFigures } from '../key-figures/KeyFigures';
import { useSmtOverview } from '../overview-api/smtApi';
import { PRINT_AREA, PrintStyles } from '../print/PrintStyles';
import { TargetCard } from '../target/TargetCard';
import { TopCourses } from '../top-courses/TopCourses';
import { EnterpriseTopics } from '../topics/EnterpriseTopics';

const Sections = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(4)};
  grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr));
  margin-top: ${({ theme }) => theme.spacing(4)};
  align-items: start;

  @media print {
    grid-template-columns: 1fr 1fr;
    gap: 3mm;
    margin-top: 3mm;
  }
`;

const PrintedOn = styled.p`
  margin: 0 0 2mm;
  color: ${({ theme }) => theme.colors.mutedText};
`;

/**
 * The SMT View tab (exposed as mf_smt/SmtView): the read-only executive overview of a year, from
 * one read; also as recorded by the end of a past day ('As of'). Its only controls choose what to
 * see or take away (year, day, export, print): none changes data.
 */
export default function SmtView() {
  const [year, setYear] = useState(currentYear);
  const [asOf, setAsOf] = useState<string | null>(null);
  const { overview, progress, error } = useSmtOverview(year, asOf);
  const shown = { overview, error };
  return (
    <section aria-labelledby="smt-dashboard-title" {...{ [PRINT_AREA]: '' }}>
      <PrintStyles />
      <PageHeader title={M.title} titleId="smt-dashboard-title">
        <div data-print="hide">
          <YearSelector value={year} onChange={setYear} />
        </div>
        <div data-print="hide">
          <AsOfControl value={asOf} onChange={setAsOf} />
        </div>
        <div data-print="hide">
          <ExportControls year={year} asOf={asOf} disabled={progress !== undefined} />
        </div>
        <Button $variant="secondary" data-print="hide" onClick={() => window.print()}>
          {M.printView}
        </Button>
      </PageHeader>
      {asOf && (
        <div data-print="hide">
          <AsOfBanner day={asOf} progress={progress} error={error} onBackToToday={() => setAsOf(null)} />
        </div>
      )}
      <PrintedOn data-print="only">
        Training overview {year}, printed {new Date().toLocaleDateString()}
        {asOf && `. ${AS_OF_LABELS.showing(asOf)}`}
      </PrintedOn>
      <KeyFigures {...shown} />
      <Sections>
        <TargetCard year={year} {...shown} />
        <InnovationSummary year={year} {...shown} />
        <EnterpriseTopics {...shown} />
        <TopCourses year={year} {...shown} />
        <DepartmentHoursSection year={year} {...shown} />
      </Sections>
    </section>
  );
}
