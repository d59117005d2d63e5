import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PageTitle } from './Card';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(4)};
  align-items: center;
  justify-content: space-between;
  margin-bottom: ${({ theme }) => theme.spacing(5)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(3)};
  align-items: center;
`;

/** A tab's heading (h1, referenced by `titleId`) with its controls (year selector, export...). */
export function PageHeader({ title, titleId, children }: { title: ReactNode; titleId: string; children?: ReactNode }) {
  return (
    <Header>
      <PageTitle id={titleId}>{title}</PageTitle>
      {children && <Actions>{children}</Actions>}
    </Header>
  );
}
