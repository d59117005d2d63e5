import type { ReactNode } from 'react';
import { Tile, TileDetail, Tiles, TileValue } from './Tiles';

export interface Figure {
  title: string;
  value: ReactNode;
  /** Lines under the value, in order. */
  details?: readonly ReactNode[];
}

/** Key figures as tiles: each found by its title (a heading), then its value and detail lines. */
export function FigureTiles({ figures }: { figures: readonly Figure[] }) {
  return (
    <Tiles>
      {figures.map(({ title, value, details = [] }) => (
        <Tile key={title}>
          <h3>{title}</h3>
          <TileValue>{value}</TileValue>
          {details.map((detail, index) => (
            <TileDetail key={index}>{detail}</TileDetail>
          ))}
        </Tile>
      ))}
    </Tiles>
  );
}
