import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from '@tht/ui';

const Page = styled.main`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.spacing(6)};
`;

const ProductName = styled.h1`
  margin: 0 0 ${({ theme }) => theme.spacing(1)};
  font-size: 1.75rem;
  text-align: center;
`;

const Tagline = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing(6)};
  color: ${({ theme }) => theme.colors.mutedText};
  text-align: center;
`;

const Panel = styled(Card)`
  width: min(100%, 30rem);
`;

export const FormTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.spacing(2)};
  font-size: 1.25rem;
`;

export const FormIntro = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing(5)};
  color: ${({ theme }) => theme.colors.mutedText};
`;

export const FormActions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(3)};
  margin-top: ${({ theme }) => theme.spacing(2)};
  & > button[type='submit'] { width: 100%; }
`;

export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Page>
      <ProductName>Training Hours Tracker</ProductName>
      <Tagline>Log your professional development and follow your progress.</Tagline>
      <Panel>{children}</Panel>
    </Page>
  );
}
