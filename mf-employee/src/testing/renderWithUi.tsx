import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { SWRConfig } from 'swr';
import { swrConfig, theme, ToastProvider } from '@tht/ui';

/** Renders like the shell does (theme, SWR settings, toasts), with an SWR cache of its own. */
export function renderWithUi(ui: ReactElement) {
  return render(
    <ThemeProvider theme={theme}>
      <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
        <ToastProvider>{ui}</ToastProvider>
      </SWRConfig>
    </ThemeProvider>,
  );
}
