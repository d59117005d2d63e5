import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { errorMessageOf } from '../api/client';
import { Card, CardTitle } from './Card';
import { FieldError } from './FormField';
import { Spinner } from './Spinner';

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(3)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(2)};
`;

type DashboardSectionProps<Data> = {
  title: string;
  /** Buttons beside the title (shown once the data is there). */
  actions?: (data: Data) => ReactNode;
  /** What the section shows: undefined while loading. */
  data: Data | undefined;
  error: Error | undefined;
  /** The loading text of this section (from the caller's contracts messages). */
  loadingLabel: string;
  /** Names what failed to load: 'Failed to load {what}: {reason}'. */
  what: string;
  children: (data: Data) => ReactNode;
};

/** A dashboard section: a card named by its title, showing a failure, its loading text, or its content. */
export function DashboardSection<Data>({ title, actions, data, error, loadingLabel, what, children }: DashboardSectionProps<Data>) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <Header>
        <CardTitle id={titleId}>{title}</CardTitle>
        {data !== undefined && actions && <Actions>{actions(data)}</Actions>}
      </Header>
      {error ? (
        <FieldError role="alert">
          Failed to load {what}: {errorMessageOf(error, 'please try again.')}
        </FieldError>
      ) : data === undefined ? (
        <Spinner label={loadingLabel} />
      ) : (
        children(data)
      )}
    </Card>
  );
}

/** A section's text when it has nothing to show. */
export const EmptyText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedText};
`;
