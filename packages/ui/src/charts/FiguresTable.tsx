import styled from 'styled-components';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  & + & { margin-top: ${({ theme }) => theme.spacing(4)}; }
  & caption { text-align: left; font-weight: 600; padding-bottom: ${({ theme }) => theme.spacing(2)}; }
  & th, & td { text-align: left; padding: ${({ theme }) => theme.spacing(1)} ${({ theme }) => theme.spacing(2)}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  & td:not(:first-child), & th:not(:first-child) { text-align: right; }
`;

export interface FiguresRow {
  /** The row's header: a month or a department. */
  name: string;
  figures: ReadonlyArray<number | string>;
}

type FiguresTableProps = {
  caption: string;
  /** The columns' headings, the row header's first. */
  headings: readonly string[];
  rows: readonly FiguresRow[];
};

/** A chart's figures as a table: a caption, a row a month or department, numbers right-aligned. */
export function FiguresTable({ caption, headings, rows }: FiguresTableProps) {
  return (
    <Table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {headings.map((heading) => (
            <th key={heading} scope="col">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row">{row.name}</th>
            {row.figures.map((figure, index) => (
              <td key={headings[index + 1]}>{figure}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
