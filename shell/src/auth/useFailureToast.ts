import { errorMessageOf, useToast } from '@tht/ui';

/** Shows a failed action as a destructive toast whose fallback description is the title itself. */
export function useFailureToast(): (title: string, error: unknown) => void {
  const { showToast } = useToast();
  return (title, error) => showToast({ title, description: errorMessageOf(error, title), variant: 'destructive' });
}
