import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { UiProvider } from '../UiProvider';

/** Renders with the theme, toasts and the SWR configuration, on a fresh SWR cache. */
export function renderWithUi(element: ReactElement) {
  return render(
    <UiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>{element}</SWRConfig>
    </UiProvider>,
  );
}
