import styled from 'styled-components';
import { Button } from './Button';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(3)};
  margin-top: ${({ theme }) => theme.spacing(4)};
  color: ${({ theme }) => theme.colors.mutedText};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
`;

type PageNavProps = {
  /** The navigation's accessible name, e.g. "User list pages". */
  label: string;
  /** What the page shows, e.g. "Showing 1-50 of 120 users". */
  summary: string;
  page: number;
  /** "Page 3 of 7"; the total's own text when it is not exact ("200+"). */
  totalPages: number | string;
  hasNext: boolean;
  onPage: (page: number) => void;
};

/** Under a server-paged list: what it shows, Previous, "Page n of m", Next. */
export function PageNav({ label, summary, page, totalPages, hasNext, onPage }: PageNavProps) {
  return (
    <Nav aria-label={label}>
      <span>{summary}</span>
      <Actions>
        <Button $variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <span aria-live="polite">
          Page {page} of {totalPages}
        </span>
        <Button $variant="secondary" disabled={!hasNext} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </Actions>
    </Nav>
  );
}
