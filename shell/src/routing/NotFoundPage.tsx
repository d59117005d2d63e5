import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Card, PageTitle } from '@tht/ui';

const Page = styled.main`
  max-width: 32rem;
  margin: 15vh auto 0;
  padding: ${({ theme }) => theme.spacing(4)};
  text-align: center;
`;

export function NotFoundPage() {
  return (
    <Page>
      <Card>
        <PageTitle>Page Not Found</PageTitle>
        <p>The page you are looking for does not exist.</p>
        <Link to="/">Go to My Dashboard</Link>
      </Card>
    </Page>
  );
}
