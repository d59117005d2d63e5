import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { SWRConfig } from 'swr';
import { swrConfig } from './api/swr';
import { GlobalStyle } from './theme/GlobalStyle';
import { theme } from './theme/theme';
import { ToastProvider } from './toast/ToastProvider';

/** Theme, global styles, the SWR configuration and toasts: rendered once, by the shell. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <SWRConfig value={swrConfig}>
        <ToastProvider>{children}</ToastProvider>
      </SWRConfig>
    </ThemeProvider>
  );
}
