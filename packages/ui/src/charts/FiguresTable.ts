import styled from 'styled-components';

/** The look of a chart's figures as a table: a caption, a row a month or department, numbers right-aligned. */
export const FiguresTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  & + & { margin-top: ${({ theme }) => theme.spacing(4)}; }
  & caption { text-align: left; font-weight: 600; padding-bottom: ${({ theme }) => theme.spacing(2)}; }
  & th, & td { text-align: left; padding: ${({ theme }) => theme.spacing(1)} ${({ theme }) => theme.spacing(2)}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  & td:not(:first-child), & th:not(:first-child) { text-align: right; }
`;
