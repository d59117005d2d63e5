import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { SWRConfig, type Middleware } from 'swr';
import { ApiError, swrConfig, theme, ToastProvider } from '@tht/ui';

/** What a read answers: a JSON body, an `ApiError`, or a promise (one that never settles keeps it loading). */
export type Answer = unknown;

/**
 * Renders like the shell does (theme, SWR settings, toasts), with an SWR cache of its own. Every
 * SWR read, whichever fetcher its hook names (the current user's included), is answered from
 * `answers` by its key, `readKey(route, input)` of the route table (see teamKeys.ts); a read nobody
 * answers fails as the API's 404 would. `reads` lists the keys read, in order.
 */
export function renderWithApi(ui: ReactElement, answers: Record<string, Answer>) {
  const reads: string[] = [];
  const answer = async (key: string) => {
    reads.push(key);
    if (!(key in answers)) throw new ApiError(404, JSON.stringify({ error: 'Not found' }), 'Not Found');
    const body = await answers[key];
    if (body instanceof Error) throw body;
    return body;
  };
  const answeredHere: Middleware = (useSWRNext) => (key, _fetcher, config) => useSWRNext(key, answer as never, config);
  const rendered = render(
    <ThemeProvider theme={theme}>
      <SWRConfig value={{ ...swrConfig, use: [answeredHere], provider: () => new Map() }}>
        <ToastProvider>{ui}</ToastProvider>
      </SWRConfig>
    </ThemeProvider>,
  );
  return { ...rendered, reads };
}

/** An answer that never comes: the screen stays loading. */
export const neverAnswered = () => new Promise<never>(() => {});
