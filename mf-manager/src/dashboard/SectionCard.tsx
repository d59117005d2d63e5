import { useId, type ReactNode } from 'react';
import { Card, CardTitle, errorMessageOf, FieldError, Spinner } from '@tht/ui';

type SectionCardProps<Data> = {
  title: string;
  /** What the section waits for: undefined while loading. */
  data: Data | undefined;
  error: Error | undefined;
  loadingLabel: string;
  /** Names what failed to load: 'Failed to load {what}: {reason}'. */
  what: string;
  children: (data: Data) => ReactNode;
};

/** A dashboard section: its title, then a failure, its SPEC loading text, or its content. */
export function SectionCard<Data>({ title, data, error, loadingLabel, what, children }: SectionCardProps<Data>) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>{title}</CardTitle>
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
