import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { SWRConfig } from 'swr';
import { ApiError, swrConfig, theme } from '@tht/ui';

/**
 * Renders like the shell does (theme, SWR settings) on a fresh SWR cache, every read answered by
 * its key from `answers`: a body, an Error, or a promise (one that never settles keeps it
 * loading). A read nobody answers fails as the API's 404 would.
 */
export function renderWithApi(ui: ReactElement, answers: Record<string, unknown>) {
  const fetcher = async (key: string) => {
    if (!(key in answers)) throw new ApiError(404, '{"error":"Not found"}', 'Not Found');
    const body = await answers[key];
    if (body instanceof Error) throw body;
    return body;
  };
  return render(
    <ThemeProvider theme={theme}>
      <SWRConfig value={{ ...swrConfig, fetcher, provider: () => new Map() }}>{ui}</SWRConfig>
    </ThemeProvider>,
  );
}

/** An answer that never comes: the screen stays loading. */
export const neverAnswered = () => new Promise<never>(() => {});
