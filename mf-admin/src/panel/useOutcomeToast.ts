import { useCallback } from 'react';
import { errorMessageOf, useToast } from '@tht/ui';

export type Outcome<Result> = {
  /** The success toast's title, and its description (which may tell what the write answered). */
  success: string;
  successDescription?: string | ((result: Result) => string);
  /** The failure toast's title; its description is the server's message. */
  failure: string;
};

/**
 * Runs an admin write and tells its outcome in a toast: the success title, or the failure title
 * with the server's message. Resolves to the write's result, or undefined when it failed.
 */
export function useOutcomeToast() {
  const { showToast } = useToast();
  return useCallback(
    async <Result>(
      write: () => Promise<Result>,
      { success, successDescription, failure }: Outcome<Result>,
    ): Promise<Result | undefined> => {
      try {
        const result = await write();
        const description = typeof successDescription === 'function' ? successDescription(result) : successDescription;
        showToast({ title: success, description });
        return result;
      } catch (error) {
        showToast({ title: failure, description: errorMessageOf(error, 'Please try again.'), variant: 'destructive' });
        return undefined;
      }
    },
    [showToast],
  );
}
