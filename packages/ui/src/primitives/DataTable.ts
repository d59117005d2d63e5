import styled from 'styled-components';

/** Lets a wide table scroll sideways inside its card or dialog. */
export const TableScroll = styled.div`
  overflow-x: auto;
`;

/** The look of the data tables (entries, admin lists): full width, padded cells, rows divided by a border. */
export const DataTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  & th, & td {
    padding: ${({ theme }) => `${theme.spacing(2)} ${theme.spacing(3)}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
  & thead th { font-size: 0.875rem; color: ${({ theme }) => theme.colors.mutedText}; }
`;
