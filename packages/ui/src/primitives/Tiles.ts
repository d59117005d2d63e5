import styled from 'styled-components';

/** Figures side by side, each a list item found by its heading. */
export const Tiles = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
`;

export const Tile = styled.li`
  padding: ${({ theme }) => theme.spacing(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  & h3, & h4 { margin: 0; font-size: 0.9375rem; font-weight: 600; color: ${({ theme }) => theme.colors.mutedText}; }
`;

export const TileValue = styled.p`
  margin: ${({ theme }) => theme.spacing(1)} 0 0;
  font-size: 1.75rem;
  font-weight: 700;
`;

export const TileDetail = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.mutedText};
`;
